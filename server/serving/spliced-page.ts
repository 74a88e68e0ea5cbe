// A page prepared once and answered for many paths without rendering: the 404 page names the
// visitor's path (`Page Not Found: {path}`) in its text, its attributes and the data the app
// hydrates from, each escaped its own way. Preparing renders the route's page for a placeholder
// tail and for a probe tail holding every character a path can carry, and learns how each place
// escapes each one; answering joins the fixed parts with the tail escaped per place (no React,
// no parse), and hashes again only the inline scripts that hold the path (CSP). A check path
// rendered and spliced must match byte for byte, or the server renders instead. gzip costs no
// compression either: each fixed part is deflated once (a sync flush ends it on a byte boundary
// and nothing refers back past its start), the path is a stored block, and the CRC is combined
// from the parts' CRCs (zlib's crc32_combine arithmetic).
import { createHash, type Hash, randomBytes } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import {
  findScriptElements,
  isCheckedInlineScript,
  normalizeScriptText,
  scriptHashSource,
} from "../security/script-hashes";

/** The paths one prepared page answers: a fixed prefix, then a tail of one or more segments. */
export interface SplicedRoute {
  prefix: string;
  segments: "one" | "many";
}

/** Every path: the catch-all's. */
export const CATCH_ALL: SplicedRoute = { prefix: "/", segments: "many" };

export interface RenderedPage {
  status: number;
  body: string;
}

export type RenderPath = (path: string) => Promise<RenderedPage>;

/** What a parsed URL path keeps as it is besides letters and digits; others are not spliced. */
const PATH_PUNCTUATION = "/-._~!$&'()*+,;=:@|^[]%";
const SPLICEABLE_TAIL = /^[A-Za-z0-9\-._~!$&'()*+,;=:@|^[\]%/]+$/;
const PERCENT_PROBE_TAIL = "41";
/** Always checked after the prefix: every punctuation a path may hold, capitals, an escape. */
const CHECK_TAIL = "zz-check/A-b_c.d~e!f$g&h'i(j)k*l+m,n;o=p:q@r|s^t[u]v%41";
/** Longer paths are not spliced (a stored block holds at most 65,535 bytes; URLs rarely pass 2k). */
export const MAX_SPLICED_PATH_LENGTH = 2048;

/** How one place in the page writes each character of the path (ASCII code -> text). */
type EscapeTable = readonly string[];

interface DynamicScript {
  /**
   * The script's UTF-8 bytes after each place the path goes, as the browser hashes it (line
   * ends and NULs normalised once here: a parsed path has neither). Bytes, not text: a
   * string would be encoded again for each answer.
   */
  after: readonly Buffer[];
  /** SHA-256 over the script up to the first place, copied for each answer. */
  head: Hash;
  /** The place (index into the page's places) of each gap between parts. */
  places: readonly number[];
}

/** How one place writes the path: its table, and whether it keeps the common characters. */
interface PlaceEscape {
  table: EscapeTable;
  /** Letters, digits and `/-._~` written as they are (HTML and JSON do). */
  keepsPlain: boolean;
  /** Index of the first place with the same table (each distinct escape is made once). */
  sameAs: number;
}

/** The characters most paths are made of, written as they are by every place seen so far. */
const PLAIN_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/-._~";
const PLAIN_TAIL = /^[A-Za-z0-9/\-._~]*$/;

export interface SplicedAnswer {
  /** The body as parts to write in order: the prepared parts are shared, not copied. */
  body: readonly Buffer[];
  byteLength: number;
  scriptHashes: readonly string[];
  etag: string;
  /** The same body, gzip-encoded, made from the prepared parts (also parts in order). */
  gzip(): Buffer[];
}

export function joined(parts: readonly Buffer[]): Buffer {
  return Buffer.concat(parts as Buffer[]);
}

export class SplicedPage {
  private constructor(
    readonly status: number,
    private readonly route: SplicedRoute,
    private readonly fixed: readonly Buffer[],
    private readonly escapes: readonly PlaceEscape[],
    private readonly staticHashes: readonly string[],
    private readonly dynamicScripts: readonly DynamicScript[],
    private readonly deflated: readonly Buffer[],
    private readonly fixedCrcs: readonly number[],
    /** Per fixed part after the first: x^(8 * its length) mod P, to combine CRCs. */
    private readonly crcShifts: readonly number[],
    private readonly version: string,
  ) {}

  /**
   * Or why it cannot be spliced: a check path and each of `checkPaths` are rendered and
   * compared with their splice (a page that varies with more than its path fails there).
   */
  static async prepare(
    render: RenderPath,
    route: SplicedRoute = CATCH_ALL,
    checkPaths: readonly string[] = [],
  ): Promise<SplicedPage | { unusable: string }> {
    const word = `zzsplice${randomBytes(6).toString("hex")}`;
    const template = await render(`${route.prefix}${word}`);
    // A one-segment tail never holds a `/` (the path would match another route).
    const punctuation =
      route.segments === "many" ? PATH_PUNCTUATION : PATH_PUNCTUATION.replace("/", "");
    const marks = [...punctuation].map((_, k) => `${word}${k}q`);
    // A lone `%` is a malformed escape the router warns about: the probe sends `%41`, and
    // what follows the escaped `%` (the `41`) is taken off again.
    const probeText = (c: string) => (c === "%" ? `%${PERCENT_PROBE_TAIL}` : c);
    const probePath = `${route.prefix}${word}${[...punctuation].map((c, k) => `${marks[k]}${probeText(c)}`).join("")}${word}endq`;
    const probe = await render(probePath);
    if (probe.status !== template.status) return { unusable: "the probe answered another status" };

    const starts = occurrences(template.body, word);
    const probeStarts = occurrences(probe.body, `${word}${marks[0]}`);
    if (starts.length === 0) return { unusable: "the page does not show its path" };
    if (probeStarts.length !== starts.length)
      return { unusable: "the probe shows its path elsewhere" };

    const escapes: string[][] = [];
    const cuts: [number, number][] = [];
    for (let i = 0; i < starts.length; i++) {
      const table = identityTable();
      let at = (probeStarts[i] as number) + word.length;
      for (let k = 0; k < punctuation.length; k++) {
        const mark = marks[k] as string;
        if (!probe.body.startsWith(mark, at))
          return { unusable: "the probe's marks are out of order" };
        const textStart = at + mark.length;
        const nextMark = k + 1 < marks.length ? (marks[k + 1] as string) : `${word}endq`;
        const next = probe.body.indexOf(nextMark, textStart);
        if (next < 0) return { unusable: "the probe's marks are missing" };
        let text = probe.body.slice(textStart, next);
        if (punctuation[k] === "%") {
          if (!text.endsWith(PERCENT_PROBE_TAIL))
            return { unusable: "the probe's escape was changed" };
          text = text.slice(0, -PERCENT_PROBE_TAIL.length);
        }
        table[punctuation.charCodeAt(k)] = text;
        at = next;
      }
      if ([...punctuation].some((c) => /[^\x20-\x7e]/.test(table[c.charCodeAt(0)] ?? ""))) {
        return { unusable: "a place writes the path with characters beyond printable ASCII" };
      }
      const start = starts[i] as number;
      escapes.push(table);
      cuts.push([start, start + word.length]);
    }

    const fixedText: string[] = [];
    let from = 0;
    for (const [cutStart, cutEnd] of cuts) {
      fixedText.push(template.body.slice(from, cutStart));
      from = cutEnd;
    }
    fixedText.push(template.body.slice(from));

    const scripts = locateScripts(template.body);
    if (!scripts) return { unusable: "an inline script could not be located" };
    const staticHashes = new Set<string>();
    const dynamicScripts: DynamicScript[] = [];
    for (const script of scripts) {
      const inside = cuts
        .map((cut, place) => ({ cut, place }))
        .filter(({ cut }) => cut[0] >= script.start && cut[1] <= script.end);
      if (inside.length === 0) {
        staticHashes.add(scriptHashSource(script.text));
        continue;
      }
      const parts: string[] = [];
      let partFrom = script.start;
      for (const { cut } of inside) {
        parts.push(template.body.slice(partFrom, cut[0]));
        partFrom = cut[1];
      }
      parts.push(template.body.slice(partFrom, script.end));
      const normalized = parts.map(normalizeScriptText);
      dynamicScripts.push({
        after: normalized.slice(1).map((part) => Buffer.from(part, "utf8")),
        head: createHash("sha256").update(normalized[0] as string, "utf8"),
        places: inside.map(({ place }) => place),
      });
    }

    const fixed = fixedText.map((text) => Buffer.from(text, "utf8"));
    const deflated = fixed.map((part) =>
      deflateRawSync(part, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
    );
    // The gzip member's header goes out with the first part.
    deflated[0] = Buffer.concat([GZIP_HEADER, deflated[0] as Buffer]);
    const page = new SplicedPage(
      template.status,
      route,
      fixed,
      placeEscapes(escapes),
      [...staticHashes],
      dynamicScripts,
      deflated,
      fixed.map((part) => crc32(part)),
      fixed.map((part) => x8nModP(part.byteLength)),
      createHash("sha1").update(template.body).digest("base64url").slice(0, 16),
    );

    const checkTail = route.segments === "many" ? CHECK_TAIL : CHECK_TAIL.replaceAll("/", "-");
    for (const checkPath of [`${route.prefix}${checkTail}`, ...checkPaths]) {
      const check = await render(checkPath);
      const spliced = page.accepts(checkPath) ? page.splice(checkPath) : undefined;
      if (
        !spliced ||
        check.status !== template.status ||
        joined(spliced.body).toString("utf8") !== check.body
      ) {
        return { unusable: `the render of ${checkPath} differs from its splice` };
      }
      if (!sameMembers(hashesOf(check.body), spliced.scriptHashes)) {
        return { unusable: `the script hashes of ${checkPath} differ from its splice's` };
      }
    }
    return page;
  }

  /** The route's prefix, then a tail of characters the preparation learned. */
  accepts(path: string): boolean {
    const { prefix, segments } = this.route;
    if (path.length > MAX_SPLICED_PATH_LENGTH || !path.startsWith(prefix)) return false;
    const tail = path.slice(prefix.length);
    return SPLICEABLE_TAIL.test(tail) && (segments === "many" || !tail.includes("/"));
  }

  /** The caller has checked `accepts(path)`. */
  splice(path: string): SplicedAnswer {
    const tail = path.slice(this.route.prefix.length);
    const plain = PLAIN_TAIL.test(tail);
    // Each place's text for the tail, latin1 (printable ASCII): its stored-block header's
    // five bytes are kept in front, so the gzip answer needs no other buffer for it.
    const escaped: Buffer[] = [];
    for (let i = 0; i < this.escapes.length; i++) {
      const place = this.escapes[i] as PlaceEscape;
      if (place.sameAs !== i) {
        escaped.push(escaped[place.sameAs] as Buffer);
        continue;
      }
      const text = plain && place.keepsPlain ? tail : escapeWith(place.table, tail);
      const block = Buffer.allocUnsafe(STORED_HEADER_BYTES + text.length);
      block.write(text, STORED_HEADER_BYTES, "latin1");
      escaped.push(block);
    }
    const body: Buffer[] = [];
    let byteLength = 0;
    for (let i = 0; i < this.fixed.length; i++) {
      const fixed = this.fixed[i] as Buffer;
      body.push(fixed);
      byteLength += fixed.byteLength;
      const block = escaped[i];
      if (block) {
        const text = block.subarray(STORED_HEADER_BYTES);
        body.push(text);
        byteLength += text.byteLength;
      }
    }
    const scriptHashes = [...this.staticHashes];
    for (const script of this.dynamicScripts) {
      const hash = script.head.copy();
      for (let g = 0; g < script.places.length; g++) {
        hash.update((escaped[script.places[g] as number] as Buffer).subarray(STORED_HEADER_BYTES));
        hash.update(script.after[g] as Buffer);
      }
      const source = `'sha256-${hash.digest("base64")}'`;
      if (!scriptHashes.includes(source)) scriptHashes.push(source);
    }
    // Weak, and only ever compared for a page answered 200: the path's CRC tells it apart.
    const etag = `W/"${this.version}-${crc32(path).toString(36)}-${path.length.toString(36)}"`;
    return {
      body,
      byteLength,
      scriptHashes,
      etag,
      gzip: () => this.gzipOf(escaped, byteLength),
    };
  }

  /** `escaped`: each place's text with room for its stored-block header in front. */
  private gzipOf(escaped: readonly Buffer[], length: number): Buffer[] {
    const chunks: Buffer[] = [];
    let crc = this.fixedCrcs[0] as number;
    for (let i = 0; i < this.fixed.length; i++) {
      chunks.push(this.deflated[i] as Buffer);
      const block = escaped[i];
      if (block === undefined) continue;
      const text = block.subarray(STORED_HEADER_BYTES);
      // A place whose escape another place shares holds the same bytes: one header fits both.
      writeStoredBlockHeader(block, text.byteLength);
      chunks.push(block);
      crc = crc32(text, crc);
      crc =
        (multModP(this.crcShifts[i + 1] as number, crc) ^ (this.fixedCrcs[i + 1] as number)) >>> 0;
    }
    const trailer = Buffer.allocUnsafe(4 + 2 + 4);
    // The final block: fixed Huffman, empty (BFINAL 1, BTYPE 01, end-of-block), then the
    // gzip trailer: CRC-32 and length, little-endian.
    trailer[0] = 0x03;
    trailer[1] = 0x00;
    trailer.writeUInt32LE(crc >>> 0, 2);
    trailer.writeUInt32LE(length >>> 0, 6);
    chunks.push(trailer);
    return chunks;
  }
}

/** gzip member header: deflate, no flags, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

const STORED_HEADER_BYTES = 5;

/** Writes the header of a non-final stored deflate block of `length` bytes at `block`'s start. */
function writeStoredBlockHeader(block: Buffer, length: number): void {
  block[0] = 0x00;
  block.writeUInt16LE(length, 1);
  block.writeUInt16LE(~length & 0xffff, 3);
}

/** Each place's escape, with the places that escape alike pointed at the first of them. */
function placeEscapes(tables: readonly EscapeTable[]): PlaceEscape[] {
  const keys = tables.map((table) => table.join("\u0000"));
  return tables.map((table, i) => ({
    table,
    keepsPlain: [...PLAIN_CHARACTERS].every((c) => table[c.charCodeAt(0)] === c),
    sameAs: keys.indexOf(keys[i] as string),
  }));
}

function identityTable(): string[] {
  const table: string[] = [];
  for (let code = 0; code < 128; code++) table.push(String.fromCharCode(code));
  return table;
}

function escapeWith(table: EscapeTable, path: string): string {
  let out = "";
  for (let i = 0; i < path.length; i++) out += table[path.charCodeAt(i)];
  return out;
}

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
    found.push(at);
  }
  return found;
}

/** The checked inline scripts of a page with where their text lies, or null if one is not found. */
function locateScripts(html: string): { start: number; end: number; text: string }[] | null {
  const located: { start: number; end: number; text: string }[] = [];
  let from = 0;
  for (const script of findScriptElements(html)) {
    if (!isCheckedInlineScript(script)) continue;
    const start = html.indexOf(script.text, from);
    if (start < 0) return null;
    located.push({ start, end: start + script.text.length, text: script.text });
    from = start + script.text.length;
  }
  return located;
}

function hashesOf(html: string): string[] {
  return [
    ...new Set(
      findScriptElements(html)
        .filter((script) => script.written && isCheckedInlineScript(script))
        .map((s) => scriptHashSource(s.text)),
    ),
  ];
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((x) => right.has(x));
}

// CRC-32 arithmetic (reflected, polynomial 0xEDB88320): a CRC is a polynomial over GF(2);
// appending n zero bytes multiplies it by x^(8n) modulo P, so the CRC of A||B is
// crc(A)·x^(8·|B|) xor crc(B).
const CRC_POLY = 0xedb88320;

/** a·b mod P, both in the reflected representation (bit 31 is x^0). */
export function multModP(a: number, b: number): number {
  let product = 0;
  let m = 0x80000000;
  let multiplicand = b >>> 0;
  for (;;) {
    if (a & m) {
      product ^= multiplicand;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    if (m === 0) break;
    multiplicand = multiplicand & 1 ? (multiplicand >>> 1) ^ CRC_POLY : multiplicand >>> 1;
  }
  return product >>> 0;
}

export function x8nModP(n: number): number {
  let result = 0x80000000; // x^0
  let power = multModP(0x40000000, 0x40000000); // x^2
  power = multModP(power, power); // x^4
  power = multModP(power, power); // x^8
  for (let k = n; k > 0; k = Math.floor(k / 2)) {
    if (k % 2 === 1) result = multModP(power, result);
    power = multModP(power, power);
  }
  return result >>> 0;
}
