import "./skip-link.css";

export const SKIP_LINK_TEXT = "Skip to content";
/** Id of the element the skip link targets (SiteLayout's <main>). */
export const MAIN_CONTENT_ID = "main";

/** First focusable element of every page; hidden until it receives keyboard focus. */
export function SkipLink({ targetId = MAIN_CONTENT_ID }: { targetId?: string }) {
  return (
    <a className="skip-link" href={`#${targetId}`}>
      {SKIP_LINK_TEXT}
    </a>
  );
}
