// The acquisition announcement above the header: on every page except the page it
// announces, and in its alternative colour scheme on the technology page.
import { Link } from "react-router";
import { ACQUISITION_BANNER_TEXT, ACQUISITION_PATH } from "~/config/site";
import { withoutTrailingSlashes } from "~/navigation/page-paths";
import { ArrowRightIcon } from "../ui/icons";
import "./announcement-banner.css";
import { codeMark } from "~/content/source-marks";

/** The page on which the banner switches to its alternative colour scheme. */
export const ANNOUNCEMENT_ALT_SCHEME_PATH = "/technology";
/** Short label in front of the banner text. */
export const ANNOUNCEMENT_BADGE = "News";

export type AnnouncementScheme = "default" | "alt";

export function isAnnouncementVisible(pathname: string): boolean {
  return withoutTrailingSlashes(pathname) !== ACQUISITION_PATH;
}

export function announcementScheme(pathname: string): AnnouncementScheme {
  return withoutTrailingSlashes(pathname) === ANNOUNCEMENT_ALT_SCHEME_PATH ? "alt" : "default";
}

export function AnnouncementBanner({
  pathname,
  codeMarks,
}: {
  pathname: string;
  /** A preview: the banner says it is the code's, not the CMS's. */
  codeMarks?: boolean;
}) {
  if (!isAnnouncementVisible(pathname)) return null;
  return (
    <aside
      className="announcement-banner"
      aria-label="Announcement"
      data-scheme={announcementScheme(pathname)}
      {...codeMark(codeMarks, "announcement banner")}
    >
      <Link className="announcement-banner__link" to={ACQUISITION_PATH}>
        <span className="announcement-banner__badge">{ANNOUNCEMENT_BADGE}</span>
        <span className="announcement-banner__text">{ACQUISITION_BANNER_TEXT}</span>
        <ArrowRightIcon className="announcement-banner__icon" size={16} />
      </Link>
    </aside>
  );
}
