// Slugs: the last segment of an entry's address (/news/{slug}, /events/{slug}, ...). A slug
// is put into a path as it is, so it must be one plain segment: a `/`, a `:`, a `%`, a dot
// segment or a control character would make another address (`/resources/http://evil.example`).
import type { CmsValueCheck } from "./checked";

/** Longer than any title the CMS makes a slug from; a slug is part of every link to its page. */
export const MAX_SLUG_LENGTH = 200;

/** Letters and digits, joined by `-`, `_` or `.`: what the CMS makes of a title, and a little more. */
const SLUG = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i;

export const checkSlug: CmsValueCheck<string> = (raw) => {
  if (typeof raw !== "string") return { problem: `is not text (${typeof raw})` };
  if (raw.length > MAX_SLUG_LENGTH) return { problem: `is longer than ${MAX_SLUG_LENGTH}` };
  if (!SLUG.test(raw)) {
    return {
      problem: `is not one path segment of letters, digits and - _ . (${JSON.stringify(raw.slice(0, 80))})`,
    };
  }
  return { value: raw };
};
