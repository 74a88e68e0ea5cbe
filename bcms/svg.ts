// Inline SVG support: finds SVG media inside parsed content (meta, groups, arrays, widget values,
// content items) and sets their markup as `svg`, fetching each SVG once.
import { BcmsMediaTypeError } from "./errors";
import { isMedia } from "./guards";
import { isRecord } from "./is-record";

/** Asking for SVG markup of a media item that is not an SVG. */
export const MEDIA_NOT_SVG_MESSAGE = "Provided media is not of type SVG";

/** A media object (raw Media or parsed media) that the SVG helpers accept. */
export interface SvgMediaRef {
  _id: string;
  name: string;
  type: string;
  svg?: string;
}

/** A media object (raw or parsed) of type SVG, with the id and name its markup is fetched by. */
export function isSvgMediaRef(value: unknown): value is SvgMediaRef & Record<string, unknown> {
  return isMedia(value) && value.type === "SVG" && value.name.length > 0;
}

/** Throws `Provided media is not of type SVG` unless the media is an SVG. */
export function assertSvgMedia(media: unknown): asserts media is SvgMediaRef {
  if (!isSvgMediaRef(media)) {
    const id = isRecord(media) && typeof media._id === "string" ? media._id : null;
    const type = isRecord(media) && typeof media.type === "string" ? media.type : null;
    throw new BcmsMediaTypeError(MEDIA_NOT_SVG_MESSAGE, id, type);
  }
}

export function decodeSvg(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}

/** Every SVG media object reachable from `root`, in document order (objects visited once). */
export function collectSvgMedia(root: unknown): Array<SvgMediaRef & Record<string, unknown>> {
  const found: Array<SvgMediaRef & Record<string, unknown>> = [];
  const seen = new WeakSet<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    if (isSvgMediaRef(value)) {
      found.push(value);
      continue;
    }
    // Every element of an array is visited: a string or null in the middle does not stop the walk.
    const children = Array.isArray(value) ? value : Object.values(value);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
  }
  return found;
}

export interface InjectSvgResult {
  injected: number;
  failed: number;
}

/**
 * Sets `svg` on every SVG media object inside `root` (mutates it). Each distinct media id is
 * fetched once. A failed fetch leaves `svg` unset and is reported through `onError`: one broken
 * icon must not take a whole page down.
 */
export async function injectSvg(
  root: unknown,
  fetchSvg: (media: SvgMediaRef) => Promise<string>,
  onError: (media: SvgMediaRef, error: unknown) => void = () => {},
): Promise<InjectSvgResult> {
  const targets = collectSvgMedia(root);
  const byId = new Map<string, Promise<string | null>>();
  for (const media of targets) {
    if (byId.has(media._id)) continue;
    byId.set(
      media._id,
      fetchSvg(media).then(
        (markup) => markup,
        (error: unknown) => {
          onError(media, error);
          return null;
        },
      ),
    );
  }
  let injected = 0;
  let failed = 0;
  for (const media of targets) {
    const markup = await byId.get(media._id);
    if (typeof markup === "string") {
      media.svg = markup;
      injected++;
    } else {
      failed++;
    }
  }
  return { injected, failed };
}
