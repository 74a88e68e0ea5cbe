// Links an editor writes (a CTA's href, an event's registration URL, a job's apply URL, an
// embedded video's address): a path of this site, a fragment of the page, or an https URL
// elsewhere. Never a scheme that runs or carries a document (javascript:, data:), never
// `//host` or `/\host` (another host read as a path), never credentials, never a control
// character or a space (a header or an attribute split in two).
import { type CmsValueCheck, hasControlCharacter } from "./checked";

/** Longer than any link a page needs; browsers and proxies cut longer ones. */
export const MAX_LINK_LENGTH = 2048;

export const checkLinkUrl: CmsValueCheck<string> = (raw) => {
  if (typeof raw !== "string" || raw === "") return { problem: "is empty" };
  if (raw.length > MAX_LINK_LENGTH) return { problem: `is longer than ${MAX_LINK_LENGTH}` };
  if (hasControlCharacter(raw) || /\s/.test(raw) || raw.includes("\\")) {
    return { problem: `has a control character, a space or a backslash: ${JSON.stringify(raw)}` };
  }
  if (raw.startsWith("#")) return { value: raw };
  if (raw.startsWith("/")) {
    if (raw.startsWith("//")) return { problem: `is another host written as a path: ${raw}` };
    return { value: raw };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `is neither a site path nor a URL: ${JSON.stringify(raw)}` };
  }
  if (url.protocol !== "https:" || url.username || url.password || url.hostname === "") {
    return { problem: `is not an https URL without credentials: ${JSON.stringify(raw)}` };
  }
  return { value: raw };
};
