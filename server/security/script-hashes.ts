// The inline scripts of an HTML body and their CSP hashes. The body is read as a browser's
// HTML tokenizer reads it (WHATWG HTML §13.2.5) as far as where a script starts and ends:
// quoted attributes may hold `>`, comments and raw-text elements hold no tags, and `<!--`
// then `<script` inside a script hides the next `</script>`. Not modelled: foreign content
// (an <svg><script> is found like any other) and character references in `type` (such a
// script is hashed: an extra hash allows nothing our body did not contain).
// Only the scripts the app wrote are hashed: those of <head> and those after the app's mark
// (app/document/app-scripts-mark.ts), never one inside the page's content.
import { createHash } from "node:crypto";
import { APP_SCRIPTS_MARK } from "../../app/document/app-scripts-mark";

export interface ScriptElement {
  /** Attribute names in lower case; the first of duplicated attributes wins. */
  attributes: ReadonlyMap<string, string>;
  /** Exactly what is between the start tag and the end tag (or the end of the body). */
  text: string;
  /**
   * Whether the app wrote it where it writes its scripts: in <head> (before the body's start
   * tag), or after the last APP_SCRIPTS_MARK of the body (root.tsx writes the mark right
   * before React Router's scripts, after every part of the page made of content). A body with
   * no mark (not one of the app's documents) has every script counted as the app's.
   */
  written: boolean;
}

// The element root.tsx writes after the page's content and before its scripts. A fake one in
// the content changes nothing: only the last one counts, and nothing the content holds can
// come after the real one.
export { APP_SCRIPTS_MARK };

/** Elements whose content holds no tags: it ends at their own end tag. */
const RAW_TEXT_ELEMENTS = new Set([
  "style",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "noscript", // raw text when scripting is enabled, as it is in every browser we serve
  "textarea",
  "title",
]);

/** HTML's "JavaScript MIME type essence" strings: classic scripts. */
const JAVASCRIPT_TYPES = new Set([
  "application/ecmascript",
  "application/javascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
]);

/** Other script types a browser runs or parses under script-src (CSP applies to them). */
const OTHER_CHECKED_TYPES = new Set(["module", "importmap", "speculationrules"]);

const isAsciiAlpha = (code: number) =>
  (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
const isSpace = (code: number) =>
  code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d || code === 0x20;

export function findScriptElements(html: string): ScriptElement[] {
  const scripts: Omit<ScriptElement, "written">[] = [];
  const end = html.length;
  /** How many scripts came before the body's start tag, and before the last mark. */
  let inHead: number | undefined;
  let beforeMark: number | undefined;
  let i = 0;
  while (i < end) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    const next = html.charCodeAt(lt + 1);
    if (next === 0x21 /* ! */) {
      i = html.startsWith("<!--", lt) ? endOfComment(html, lt + 4) : afterNext(html, ">", lt + 2);
    } else if (next === 0x3f /* ? */) {
      i = afterNext(html, ">", lt + 2);
    } else if (next === 0x2f /* / */) {
      const after = html.charCodeAt(lt + 2);
      if (isAsciiAlpha(after)) i = readTag(html, lt + 2)?.end ?? end;
      else if (after === 0x3e /* > */) i = lt + 3;
      else i = afterNext(html, ">", lt + 2);
    } else if (isAsciiAlpha(next)) {
      const tag = readTag(html, lt + 1);
      if (!tag) break; // the body ends inside the tag: the browser drops it
      i = tag.end;
      if (tag.name === "script") {
        const { textEnd, next: after } = endOfScriptData(html, i);
        scripts.push({ attributes: tag.attributes, text: html.slice(i, textEnd) });
        i = after;
      } else if (RAW_TEXT_ELEMENTS.has(tag.name)) {
        i = endOfRawText(html, i, tag.name);
      } else if (tag.name === "plaintext") {
        break; // the rest of the body is text
      } else if (tag.name === "body") {
        inHead ??= scripts.length;
      } else if (tag.name === APP_SCRIPTS_MARK) {
        beforeMark = scripts.length;
      }
    } else {
      i = lt + 1;
    }
  }
  return scripts.map((script, index) => ({
    ...script,
    written: beforeMark === undefined || index < (inHead ?? 0) || index >= beforeMark,
  }));
}

/**
 * Whether the browser checks this element's inline text against script-src: no `src`,
 * not empty, and a type it runs (none, a JavaScript type, module, importmap,
 * speculationrules). Data blocks such as application/ld+json are not checked.
 */
export function isCheckedInlineScript(script: ScriptElement): boolean {
  if (script.attributes.has("src") || script.text === "") return false;
  const type = script.attributes.get("type");
  if (type === undefined) {
    const language = script.attributes.get("language");
    return !language || JAVASCRIPT_TYPES.has(`text/${language.toLowerCase()}`);
  }
  const essence = type.trim().toLowerCase();
  if (essence === "" || type.includes("&")) return true;
  return JAVASCRIPT_TYPES.has(essence) || OTHER_CHECKED_TYPES.has(essence);
}

/**
 * A script's text as the browser hashes it: after input preprocessing (CR LF and lone CR
 * become LF) and the tokenizer (NUL becomes U+FFFD in script data).
 */
export function normalizeScriptText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\0/g, "\uFFFD");
}

/** `'sha256-<base64>'` of the text's UTF-8 bytes. */
export function scriptHashSource(text: string): string {
  const normalized = normalizeScriptText(text);
  return `'sha256-${createHash("sha256").update(normalized, "utf8").digest("base64")}'`;
}

/**
 * The distinct hash sources of the checked inline scripts the app wrote in an HTML body, in
 * order: a script anywhere else (one an HTML injection put in the content) gets no hash, so
 * the browser refuses to run it.
 */
export function inlineScriptHashes(body: string | Uint8Array): string[] {
  const html = typeof body === "string" ? body : new TextDecoder("utf-8").decode(body);
  const hashes = new Set<string>();
  for (const script of findScriptElements(html)) {
    if (script.written && isCheckedInlineScript(script)) {
      hashes.add(scriptHashSource(script.text));
    }
  }
  return [...hashes];
}

function afterNext(html: string, needle: string, from: number): number {
  const at = html.indexOf(needle, from);
  return at < 0 ? html.length : at + needle.length;
}

/** `from` is just after `<!--`. `<!-->` and `<!--->` close at once; else `-->` or `--!>`. */
function endOfComment(html: string, from: number): number {
  if (html.startsWith(">", from)) return from + 1;
  if (html.startsWith("->", from)) return from + 2;
  const dashes = html.indexOf("-->", from);
  const bang = html.indexOf("--!>", from);
  if (dashes < 0 && bang < 0) return html.length;
  if (bang < 0 || (dashes >= 0 && dashes < bang)) return dashes + 3;
  return bang + 4;
}

/** The attributes of a tag that is not a script: never read, so never kept. */
const UNREAD_ATTRIBUTES: ReadonlyMap<string, string> = new Map();

/**
 * A tag from its name (`from`: its first letter); undefined when the body ends inside it.
 * Only a script's attributes are kept: a page has hundreds of tags, and collecting theirs
 * was about a third of the scan's time.
 */
function readTag(
  html: string,
  from: number,
): { name: string; attributes: ReadonlyMap<string, string>; end: number } | undefined {
  const length = html.length;
  let i = from;
  while (i < length) {
    const code = html.charCodeAt(i);
    if (isSpace(code) || code === 0x2f || code === 0x3e) break;
    i++;
  }
  const name = html.slice(from, i).toLowerCase();
  const kept = name === "script" ? new Map<string, string>() : undefined;
  for (;;) {
    while (i < length && (isSpace(html.charCodeAt(i)) || html.charCodeAt(i) === 0x2f)) i++;
    if (i >= length) return undefined;
    if (html.charCodeAt(i) === 0x3e) {
      return { name, attributes: kept ?? UNREAD_ATTRIBUTES, end: i + 1 };
    }
    // Attribute name: a leading `=` belongs to it (a parse error the browser forgives).
    const nameStart = i;
    i++;
    while (i < length) {
      const code = html.charCodeAt(i);
      if (isSpace(code) || code === 0x2f || code === 0x3e || code === 0x3d) break;
      i++;
    }
    const nameEnd = i;
    while (i < length && isSpace(html.charCodeAt(i))) i++;
    let valueStart = i;
    let valueEnd = i;
    if (html.charCodeAt(i) === 0x3d /* = */) {
      i++;
      while (i < length && isSpace(html.charCodeAt(i))) i++;
      const quote = html.charCodeAt(i);
      if (quote === 0x22 /* " */ || quote === 0x27 /* ' */) {
        const close = html.indexOf(quote === 0x22 ? '"' : "'", i + 1);
        if (close < 0) return undefined;
        valueStart = i + 1;
        valueEnd = close;
        i = close + 1;
      } else {
        valueStart = i;
        while (i < length && !isSpace(html.charCodeAt(i)) && html.charCodeAt(i) !== 0x3e) i++;
        valueEnd = i;
      }
    }
    if (kept) {
      const attribute = html.slice(nameStart, nameEnd).toLowerCase();
      if (!kept.has(attribute)) kept.set(attribute, html.slice(valueStart, valueEnd));
    }
  }
}

/** Whether `</name` followed by whitespace, `/` or `>` starts at `at` (any letter case). */
function isEndTag(html: string, at: number, name: string): boolean {
  if (html.charCodeAt(at) !== 0x3c || html.charCodeAt(at + 1) !== 0x2f) return false;
  const nameEnd = at + 2 + name.length;
  if (html.slice(at + 2, nameEnd).toLowerCase() !== name) return false;
  const after = html.charCodeAt(nameEnd);
  return isSpace(after) || after === 0x2f || after === 0x3e;
}

/** The end of a raw-text element's content: after its end tag, or the end of the body. */
function endOfRawText(html: string, from: number, name: string): number {
  let i = from;
  for (;;) {
    const lt = html.indexOf("</", i);
    if (lt < 0) return html.length;
    if (isEndTag(html, lt, name)) return readTag(html, lt + 2)?.end ?? html.length;
    i = lt + 2;
  }
}

/** Tokenizer states inside a script (numbered so that `<= ESCAPED_DASH_DASH` is "escaped"). */
const DATA = 0;
const ESCAPED = 1;
const ESCAPED_DASH = 2;
const ESCAPED_DASH_DASH = 3;
const DOUBLE_ESCAPED = 4;
const DOUBLE_ESCAPED_DASH = 5;
const DOUBLE_ESCAPED_DASH_DASH = 6;

/**
 * Where a script's text ends (`textEnd`, the `<` of its end tag) and where reading goes
 * on (`next`, after that end tag). The script-data states of the HTML tokenizer: inside
 * `<!--`, a `<script` opens a "double escaped" part whose `</script>` does not end the
 * element; `-->` goes back to plain script data.
 */
function endOfScriptData(html: string, from: number): { textEnd: number; next: number } {
  const length = html.length;
  const ended = (at: number) => ({ textEnd: at, next: readTag(html, at + 2)?.end ?? length });
  let state: number = DATA;
  let i = from;
  while (i < length) {
    if (state === DATA) {
      const lt = html.indexOf("<", i);
      if (lt < 0) break;
      if (isEndTag(html, lt, "script")) return ended(lt);
      if (html.startsWith("<!--", lt)) {
        state = ESCAPED_DASH_DASH;
        i = lt + 4;
      } else {
        i = lt + 1;
      }
      continue;
    }
    const code = html.charCodeAt(i);
    const escaped: boolean = state <= ESCAPED_DASH_DASH;
    if (code === 0x2d /* - */) {
      if (state === ESCAPED) state = ESCAPED_DASH;
      else if (state === ESCAPED_DASH) state = ESCAPED_DASH_DASH;
      else if (state === DOUBLE_ESCAPED) state = DOUBLE_ESCAPED_DASH;
      else if (state === DOUBLE_ESCAPED_DASH) state = DOUBLE_ESCAPED_DASH_DASH;
      i++;
    } else if (code === 0x3e /* > */) {
      const closes = state === ESCAPED_DASH_DASH || state === DOUBLE_ESCAPED_DASH_DASH;
      state = closes ? DATA : escaped ? ESCAPED : DOUBLE_ESCAPED;
      i++;
    } else if (code === 0x3c /* < */) {
      if (escaped) {
        if (isEndTag(html, i, "script")) return ended(i);
        state = ESCAPED;
        if (startsScriptName(html, i + 1)) state = DOUBLE_ESCAPED;
      } else {
        state = DOUBLE_ESCAPED;
        if (html.charCodeAt(i + 1) === 0x2f && startsScriptName(html, i + 2)) {
          state = ESCAPED;
        }
      }
      i++;
    } else {
      state = escaped ? ESCAPED : DOUBLE_ESCAPED;
      i++;
    }
  }
  return { textEnd: length, next: length };
}

/** `script` followed by whitespace, `/` or `>` at `at` (the double-escape switch). */
function startsScriptName(html: string, at: number): boolean {
  if (html.slice(at, at + 6).toLowerCase() !== "script") return false;
  const after = html.charCodeAt(at + 6);
  return isSpace(after) || after === 0x2f || after === 0x3e;
}
