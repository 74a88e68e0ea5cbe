// The one shape of every check of a value the CMS sends (docs/cms-trust.md): a pure
// function from what the CMS wrote to the value the site uses, or the problem that refuses
// it. The caller knows the entry and the prop: it logs one line naming both, reports the
// refusal (`reportRefusal`, a metric on the server) and leaves only that entry out.

/** The kinds of value the CMS gives, each checked by the one function of its kind. */
export type CmsValueKind =
  | "path"
  | "slug"
  | "url"
  | "date"
  | "offset"
  | "number"
  | "media_type"
  | "redirect";

export type Checked<T> = { value: T } | { problem: string };

/** A check of one kind: `raw` as parsed from the CMS's JSON, never cast. */
export type CmsValueCheck<T> = (raw: unknown) => Checked<T>;

export function isRefused<T>(checked: Checked<T>): checked is { problem: string } {
  return "problem" in checked;
}

/** Whatever counts refusals (the server's metric); none in a build or a script. */
let observer: ((kind: CmsValueKind) => void) | undefined;

export function observeRefusals(observe: ((kind: CmsValueKind) => void) | undefined): void {
  observer = observe;
}

/** One value refused: counted once, by kind (the log line is the caller's, with the entry). */
export function reportRefusal(kind: CmsValueKind): void {
  observer?.(kind);
}

/** Control characters (C0, DEL, C1) and the line and paragraph separators. */
export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) {
      return true;
    }
  }
  return false;
}
