/**
 * Media registry. Content modules declare the media they use (with alt text
 * and how the file is produced); main.ts then renders the binaries and writes
 * one Media JSON per file plus one per folder.
 */
import { objectId } from "./ids";

export type ArtStyle = "graph" | "rings" | "waves" | "grid" | "blocks" | "avatar";

export type Art =
  /** raster artwork rendered from generated SVG with sharp */
  | { kind: "raster"; style: ArtStyle; width: number; height: number; format: "jpg" | "png" }
  /** an SVG file written verbatim */
  | { kind: "svg"; svg: string }
  /** a binary copied from scripts/seed/assets/ */
  | { kind: "asset"; file: string; width: number; height: number }
  /** a one-page PDF written by hand */
  | { kind: "pdf"; title: string; lines: string[] };

export interface MediaDef {
  /** folder/name.ext (one folder level) */
  path: string;
  alt: string;
  caption: string;
  art: Art;
}

export type MediaKind = "IMG" | "SVG" | "VID" | "PDF";

export interface MediaRef {
  id: string;
  path: string;
  type: MediaKind;
  alt: string;
  caption: string;
}

const registry = new Map<string, MediaDef>();

export const mediaId = (path: string) => objectId("media", path);
export const dirId = (dir: string) => objectId("media-dir", dir);

export function extOf(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? "" : path.slice(dot).toLowerCase();
}

export function kindOf(path: string): MediaKind {
  switch (extOf(path)) {
    case ".svg":
      return "SVG";
    case ".mp4":
      return "VID";
    case ".pdf":
      return "PDF";
    default:
      return "IMG";
  }
}

function toRef(def: MediaDef): MediaRef {
  return {
    id: mediaId(def.path),
    path: def.path,
    type: kindOf(def.path),
    alt: def.alt,
    caption: def.caption,
  };
}

/** Declare a media file (idempotent for identical declarations). */
export function defineMedia(path: string, alt: string, art: Art, caption = ""): MediaRef {
  if (!/^[a-z0-9-]+\/[a-z0-9.-]+$/.test(path)) throw new Error(`Bad media path "${path}"`);
  const def: MediaDef = { path, alt, caption, art };
  const existing = registry.get(path);
  if (existing && JSON.stringify(existing) !== JSON.stringify(def)) {
    throw new Error(`Media "${path}" declared twice with different data`);
  }
  registry.set(path, def);
  return toRef(def);
}

/** A generated raster picture. */
export function picture(
  path: string,
  alt: string,
  style: ArtStyle,
  width = 1600,
  height = 900,
  caption = "",
): MediaRef {
  const format = path.endsWith(".png") ? "png" : "jpg";
  return defineMedia(path, alt, { kind: "raster", style, width, height, format }, caption);
}

export function allMedia(): MediaDef[] {
  return [...registry.values()].sort((a, b) => a.path.localeCompare(b.path));
}
