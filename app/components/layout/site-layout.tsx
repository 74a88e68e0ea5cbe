// The page frame: skip link, notice (consent banner), announcement banner, fixed header, main content, footer.
import { type ReactNode, Suspense } from "react";
import { AnnouncementBanner, isAnnouncementVisible } from "./announcement-banner";
import { Footer } from "./footer";
import { Header } from "./header";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import "./site-layout.css";

export interface SiteLayoutProps {
  /** Current path: decides the banner (hidden on the acquisition page, alt scheme on /technology). */
  pathname: string;
  /** Copyright year, best passed from the server (see Footer). */
  year?: number;
  /** Shown right after the skip link, before the page (the consent banner). */
  notice?: ReactNode;
  /** False on error pages: no header link is marked as the current section. */
  marksCurrentSection?: boolean;
  /** A preview: header, banner and footer say they are the code's, not the CMS's. */
  codeMarks?: boolean;
  children: ReactNode;
}

export function SiteLayout({
  pathname,
  year,
  notice,
  marksCurrentSection = true,
  codeMarks,
  children,
}: SiteLayoutProps) {
  return (
    <div className="site-layout" data-banner={isAnnouncementVisible(pathname) ? "shown" : "hidden"}>
      <SkipLink />
      {notice}
      <AnnouncementBanner pathname={pathname} codeMarks={codeMarks} />
      <Suspense>
        <Header marksCurrentSection={marksCurrentSection} codeMarks={codeMarks} />
      </Suspense>
      <main id={MAIN_CONTENT_ID} className="site-layout__main" tabIndex={-1}>
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>
        <Footer year={year} codeMarks={codeMarks} />
      </Suspense>
    </div>
  );
}
