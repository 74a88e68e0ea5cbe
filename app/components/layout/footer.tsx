// The site footer: the five link columns, social icons, logo and copyright.
import { Link } from "react-router";
import { BRAND, FOOTER_COLUMNS, FOOTER_SOCIAL_LINKS } from "~/config/site";
import { CONSENT_OPEN_ATTRIBUTE } from "~/consent/attributes";
import { Container } from "../ui/container";
import { EXTERNAL_LINK_REL } from "../ui/href";
import { VisuallyHidden } from "../ui/visually-hidden";
import { LOGO_LINK_LABEL } from "./header";
import { Logo } from "./logo";
import { SocialLinks } from "./social-links";
import "./footer.css";
import { codeMark } from "~/content/source-marks";

const CONSENT_OPENER = { [CONSENT_OPEN_ATTRIBUTE]: "" };

/** Id of the footer: the target of in-page "jump to navigation" links. */
export const FOOTER_ID = "site-footer";
export const FOOTER_TAGLINE =
  "Identity infrastructure for digital advertising: privacy-first, interoperable, built for the open web.";

export function copyrightLine(year: number): string {
  return `© ${year} ${BRAND}. All rights reserved.`;
}

export interface FooterProps {
  /**
   * Copyright year. Pass it from the server (loader data) so the server render and hydration
   * agree even across New Year's Eve; defaults to the current year.
   */
  year?: number;
  /** A preview: the footer says it is the code's, not the CMS's. */
  codeMarks?: boolean;
}

export function Footer({ year = new Date().getFullYear(), codeMarks }: FooterProps) {
  return (
    <footer id={FOOTER_ID} className="site-footer" {...codeMark(codeMarks, "footer")}>
      <Container>
        <div className="site-footer__top">
          <div className="site-footer__brand">
            <Link className="site-footer__logo" to="/" aria-label={LOGO_LINK_LABEL}>
              <Logo width={80} />
            </Link>
            <p className="site-footer__tagline">{FOOTER_TAGLINE}</p>
            <SocialLinks links={FOOTER_SOCIAL_LINKS} />
          </div>
          <nav className="site-footer__nav" aria-label="Footer">
            {FOOTER_COLUMNS.map((column) => (
              <div key={column.title} className="site-footer__column">
                <h2 className="site-footer__heading">{column.title}</h2>
                <ul className="site-footer__links">
                  {column.links.map((link) => (
                    <li key={link.href}>
                      {link.consentChoices ? (
                        // Reopens the consent banner (the inline consent runtime answers
                        // the click); without JavaScript the banner is always on the page.
                        <a className="site-footer__link" href={link.href} {...CONSENT_OPENER}>
                          {link.label}
                        </a>
                      ) : link.external ? (
                        <a
                          className="site-footer__link"
                          href={link.href}
                          target="_blank"
                          rel={EXTERNAL_LINK_REL}
                        >
                          {link.label}
                          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                        </a>
                      ) : (
                        <Link className="site-footer__link" to={link.href}>
                          {link.label}
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="site-footer__bottom">
          <p className="site-footer__copyright">{copyrightLine(year)}</p>
        </div>
      </Container>
    </footer>
  );
}
