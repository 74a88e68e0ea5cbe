/**
 * Seed generator: deletes and rewrites the content snapshot (docs/content-model.md).
 *
 *   npx tsx scripts/seed/main.ts [--out DIR] [--no-media]
 *
 * The output is deterministic: same sources, byte-identical snapshot.
 * --no-media skips rendering binaries (media JSON and media-files are not written);
 * the seed test uses it to check that the committed JSON is up to date.
 */
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type {
  Entry,
  Media,
  Prop,
  PropValue,
  PropValueEntryPointer,
  PropValueGroupPointerData,
} from "@thebcms/types";
import sharp from "sharp";
import { writeFileDurably } from "../../content-server/fs-durable";
import { computeSizeTransforms } from "../../content-server/size-transforms";
import {
  type AnyEntity,
  type EntityKind,
  MEDIA_FILES_DIR,
  mediaFileName,
  writeEntityFile,
  writeSnapshotInfo,
} from "../../content-server/snapshot-files";
import { artSvg } from "./artwork";
import { entrySpecs, standaloneMedia } from "./content/index";
import { buildEntry, languages, statuses } from "./entries";
import { contentVersion, INSTANCE_ID, ORG_ID, storedFields } from "./ids";
import { allMedia, dirId, extOf, kindOf, type MediaDef, mediaId } from "./media";
import { onePagePdf } from "./pdf";
import { groupById, groups, templates, widgets } from "./schema";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(HERE, "../..");
const ASSETS = path.join(HERE, "assets");

const MIME: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".mp4": "video/mp4",
  ".pdf": "application/pdf",
};

interface Rendered {
  bytes: Buffer;
  width: number;
  height: number;
}

async function render(def: MediaDef): Promise<Rendered> {
  const art = def.art;
  switch (art.kind) {
    case "raster": {
      const svg = Buffer.from(artSvg(def.path, art.style, art.width, art.height));
      const image = sharp(svg, { density: 72 }).resize(art.width, art.height);
      const bytes =
        art.format === "png"
          ? await image.png({ compressionLevel: 9, palette: true }).toBuffer()
          : await image.jpeg({ quality: 70, mozjpeg: true }).toBuffer();
      const meta = await sharp(bytes).metadata();
      if (meta.width !== art.width || meta.height !== art.height) {
        throw new Error(`${def.path}: rendered ${meta.width}x${meta.height}`);
      }
      return { bytes, width: art.width, height: art.height };
    }
    case "svg":
      return { bytes: Buffer.from(art.svg, "utf8"), width: -1, height: -1 };
    case "asset":
      return {
        bytes: await readFile(path.join(ASSETS, art.file)),
        width: art.width,
        height: art.height,
      };
    case "pdf":
      return { bytes: onePagePdf(art.title, art.lines), width: -1, height: -1 };
  }
}

function folderOf(def: MediaDef): string {
  return def.path.split("/")[0] ?? "";
}

async function buildMedia(
  defs: MediaDef[],
): Promise<{ items: Media[]; files: { media: Media; bytes: Buffer }[] }> {
  const folders = [...new Set(defs.map(folderOf))].sort();
  const items: Media[] = folders.map((folder) => ({
    ...storedFields(dirId(folder)),
    type: "DIR",
    mimetype: "dir",
    size: 0,
    name: folder,
    isInRoot: true,
    hasChildren: true,
    parentId: "",
    altText: "",
    caption: "",
    width: -1,
    height: -1,
  }));
  const files: { media: Media; bytes: Buffer }[] = [];
  const rendered = await Promise.all(defs.map(render));
  defs.forEach((def, i) => {
    const r = rendered[i] as Rendered;
    const id = mediaId(def.path);
    const ext = extOf(def.path);
    const mimetype = MIME[ext];
    if (!mimetype) throw new Error(`${def.path}: unknown extension`);
    const type = kindOf(def.path);
    const item: Media = {
      ...storedFields(id),
      type,
      mimetype,
      size: r.bytes.length,
      name: def.path.slice(def.path.indexOf("/") + 1),
      isInRoot: false,
      hasChildren: false,
      parentId: dirId(folderOf(def)),
      altText: def.alt,
      caption: def.caption,
      width: r.width,
      height: r.height,
      version: contentVersion(r.bytes),
    };
    if (type === "IMG") item.sizeTransforms = computeSizeTransforms(r.width, r.height);
    items.push(item);
    files.push({ media: item, bytes: r.bytes });
  });
  return { items, files };
}

/** Every ENTRY_POINTER value (also inside groups) must name a seed entry of its template. */
export function checkEntryPointers(entries: Entry[]) {
  const byId = new Map(entries.map((e) => [e._id, e]));
  const walk = (where: string, props: Prop[], values: PropValue[]) => {
    props.forEach((prop, i) => {
      const data = values[i]?.data;
      if (prop.type === "ENTRY_POINTER") {
        for (const { tid, eid } of data as PropValueEntryPointer[]) {
          const target = byId.get(eid);
          if (!target) throw new Error(`${where}.${prop.name}: no entry ${eid}`);
          if (target.templateId !== tid) {
            throw new Error(`${where}.${prop.name}: entry ${eid} is not of template ${tid}`);
          }
        }
      } else if (prop.type === "GROUP_POINTER") {
        const group = groupById(prop.data.propGroupPointer?._id ?? "");
        (data as PropValueGroupPointerData).items.forEach((item, j) => {
          walk(`${where}.${prop.name}[${j}]`, group?.props ?? [], item.props);
        });
      }
    });
  };
  for (const e of entries) {
    const template = templates.find((t) => t._id === e.templateId);
    for (const m of e.meta) walk(`entry ${e._id}`, template?.props ?? [], m.props);
  }
}

export interface GenerateOptions {
  media?: boolean;
}

export async function generate(outDir: string, opts: GenerateOptions = {}) {
  const withMedia = opts.media ?? true;
  const entries: Entry[] = entrySpecs.map(buildEntry);
  const ids = new Set<string>();
  for (const e of entries) {
    if (ids.has(e._id)) throw new Error(`Duplicate entry id ${e._id}`);
    ids.add(e._id);
  }
  checkEntryPointers(entries);
  // Touch standalone media so they are registered even if unused by entries.
  void standaloneMedia;
  const defs = allMedia();

  await rm(outDir, { recursive: true, force: true });
  const folders: string[] = ["templates", "groups", "widgets", "languages", "statuses", "entries"];
  if (withMedia) folders.push("media", MEDIA_FILES_DIR);
  for (const f of folders) await mkdir(path.join(outDir, f), { recursive: true });

  const write = (kind: EntityKind, item: AnyEntity) =>
    writeEntityFile(outDir, kind, item._id, item);

  await writeSnapshotInfo(outDir, { format: 1, orgId: ORG_ID, instanceId: INSTANCE_ID });
  await Promise.all([
    ...templates.map((t) => write("templates", t)),
    ...groups.map((g) => write("groups", g)),
    ...widgets.map((w) => write("widgets", w)),
    ...languages.map((l) => write("languages", l)),
    ...statuses.map((s) => write("statuses", s)),
    ...entries.map((e) => write("entries", e)),
  ]);

  let mediaCount = 0;
  if (withMedia) {
    const { items, files } = await buildMedia(defs);
    mediaCount = items.length;
    await Promise.all([
      ...items.map((m) => write("media", m)),
      ...files.map((f) =>
        writeFileDurably(path.join(outDir, MEDIA_FILES_DIR, mediaFileName(f.media)), f.bytes),
      ),
    ]);
  }
  return { entries: entries.length, media: mediaCount };
}

async function cli() {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf("--out");
  const outDir =
    outIndex >= 0 && args[outIndex + 1]
      ? path.resolve(args[outIndex + 1] as string)
      : path.join(REPO_ROOT, "content");
  const result = await generate(outDir, { media: !args.includes("--no-media") });
  console.log(
    `seed: wrote ${result.entries} entries and ${result.media} media items to ${path.relative(process.cwd(), outDir) || "."}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
