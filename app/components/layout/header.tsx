// The fixed site header: logo, section links, Login, and the mobile menu toggle.
import { Link } from "react-router";
import { HEADER_LINKS, LOGIN_URL } from "~/config/site";
import { buttonClassName } from "../ui/button";
import { Container } from "../ui/container";
import { useHeaderCompact } from "./header-scroll";
import { Logo } from "./logo";
import { LOGIN_LABEL, MobileMenu } from "./mobile-menu";
import { SectionLink } from "./section-link";
import "./header.css";
import { codeMark } from "~/content/source-marks";

/** Accessible name of the logo link (the wordmark itself is decorative). */
export const LOGO_LINK_LABEL = "ID5 home";

/**
 * `marksCurrentSection` false (error pages): no link is marked as the current section.
 * `codeMarks` (a preview): the logo and the links say they are the code's, not the CMS's.
 */
export function Header({
  marksCurrentSection = true,
  codeMarks,
}: {
  marksCurrentSection?: boolean;
  codeMarks?: boolean;
}) {
  const compact = useHeaderCompact();
  return (
    <header className="site-header" data-compact={compact ? "true" : "false"}>
      <Container className="site-header__inner">
        <Link
          className="site-header__logo"
          to="/"
          aria-label={LOGO_LINK_LABEL}
          {...codeMark(codeMarks, "header · logo link")}
        >
          <Logo />
        </Link>
        <nav
          className="site-header__nav"
          aria-label="Main"
          {...codeMark(codeMarks, "header · section links")}
        >
          <ul className="site-header__links">
            {HEADER_LINKS.map((link) => (
              <li key={link.href}>
                <SectionLink
                  className="site-header__link"
                  to={link.href}
                  marksCurrent={marksCurrentSection}
                >
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* External, but the console login replaces the site in the same tab. */}
        <a
          className={buttonClassName({ variant: "primary", size: "sm" }, "site-header__login")}
          href={LOGIN_URL}
        >
          {LOGIN_LABEL}
        </a>
        <MobileMenu compact={compact} marksCurrentSection={marksCurrentSection} />
      </Container>
    </header>
  );
}
