// Pages and files of the seed snapshot that tests of the real site edit, hold and fetch: the
// about page (its entry's description, the site's reads of its template) and a media file.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PROJECT_DIR } from "../../server/running/build-stamp";

/** The about page's entry and its description, as the seed has them. */
const ABOUT_ENTRY = "741109c8ad0a9d1745a72d1d";
export const ABOUT_DESCRIPTION =
  "Why ID5 exists, who leads the company and the values that shape how we build identity technology.";
/** The site's reads of `page` entries (the about page's template), parsed. */
export const PAGE_ENTRY_READS = /(8654ca526943fa4a9bb273d2|\/page)\/entry\/.*pars/;

/**
 * Gives the about page a new description in a snapshot copy, a minute later than the seed's
 * (as an editor's save moves the entry's update time, which a start's catch-up compares).
 */
export async function editAboutDescription(snapshot: string, edited: string): Promise<void> {
  const file = path.join(snapshot, "entries", `${ABOUT_ENTRY}.json`);
  const text = await readFile(file, "utf8");
  if (!text.includes(ABOUT_DESCRIPTION)) throw new Error("the about entry was edited already");
  await writeFile(
    file,
    text
      .replace(ABOUT_DESCRIPTION, edited)
      .replace(/"updatedAt": (\d+)/, (_, at: string) => `"updatedAt": ${Number(at) + 60_000}`),
  );
}

/** The about entry's update time in a snapshot copy. */
export async function aboutUpdatedAt(snapshot: string): Promise<number> {
  const entry = JSON.parse(
    await readFile(path.join(snapshot, "entries", `${ABOUT_ENTRY}.json`), "utf8"),
  ) as { updatedAt: number };
  return entry.updatedAt;
}

/** A media file of the seed (copied with `withMediaFiles`), served through the site. */
const MEDIA_ID = "00048cca5e94fc59869b1564";
export const SEED_MEDIA = {
  address: `/media/${MEDIA_ID}/news-id5-renews-iso-27001-certification.jpg`,
  file: path.join(PROJECT_DIR, "content", "media-files", `${MEDIA_ID}.jpg`),
  /** The site's fetch of its bytes from the content service. */
  bytes: new RegExp(`/media/${MEDIA_ID}/bin2/`),
};
