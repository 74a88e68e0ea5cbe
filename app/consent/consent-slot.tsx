// Where the consent banner goes in the page: server-made markup (consent-markup.server.tsx),
// placed as is. Its styles ship with the shell like every layout part. Its link to the
// cookie policy navigates in the app once the app runs, like every other internal link.
import { useInPlaceLinks } from "~/navigation/in-place-links";
import type { ConsentMarkup } from "./model";
import "./consent-banner.css";

export function ConsentSlot({ markup }: { markup: ConsentMarkup }) {
  const links = useInPlaceLinks<HTMLDivElement>();
  return (
    <div
      ref={links}
      className="consent"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own banner rendered by React on the server (CMS text escaped there)
      dangerouslySetInnerHTML={{ __html: markup.html }}
    />
  );
}
