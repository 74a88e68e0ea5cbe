// A build prerenders with the store's published versions and gives back what it recorded:
// the build's processes read and write a file (app/content/last-public-versions.server.ts,
// PUBLISHED_VERSIONS_FILE), which this module fills from the store before and applies to
// the store after. So a rebuild shows a reworked entry's public version, and a version the
// build showed is in the store before any instance serves the build.
import { readFile, writeFile } from "node:fs/promises";
import { TEMPLATES } from "../../app/content/entries.server";
import type { PublishedVersionsFile } from "../../app/content/last-public-versions.server";
import type { PublishedVersionStore } from "../store/store";

export async function exportPublishedVersions(
  store: PublishedVersionStore,
  file: string,
  templateNames: readonly string[] = Object.values(TEMPLATES),
): Promise<number> {
  const held: PublishedVersionsFile = { versions: [], removed: [] };
  for (const templateName of templateNames) {
    const keys = await store.listPublishedVersionKeys(templateName);
    held.versions.push(...(await store.getPublishedVersions(keys.map((k) => k.entryId))));
  }
  await writeFile(file, JSON.stringify(held));
  return held.versions.length;
}

/** Applies what the build's processes recorded and removed to the store. */
export async function importPublishedVersions(
  store: PublishedVersionStore,
  file: string,
): Promise<{ recorded: number; removed: number }> {
  const held = JSON.parse(await readFile(file, "utf8")) as PublishedVersionsFile;
  if (held.versions.length) await store.recordPublishedVersions(held.versions);
  if (held.removed.length) await store.removePublishedVersions(held.removed);
  return { recorded: held.versions.length, removed: held.removed.length };
}
