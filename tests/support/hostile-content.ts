// Content a phished editor account could write, edited into a copy of the seed snapshot for
// tests that replay it against the site.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

interface EntryFile {
  updatedAt: number;
  meta: { lng: string; props: { id: string; data: unknown[] }[] }[];
}

/** An entry's English props with `values` set by prop id (added when missing). */
export function withProps<T extends EntryFile>(entry: T, values: Record<string, unknown[]>): T {
  const meta = entry.meta.map((m) => {
    if (m.lng !== "en") return m;
    const props = m.props.map((prop) =>
      prop.id in values ? { ...prop, data: values[prop.id] as unknown[] } : prop,
    );
    for (const [id, data] of Object.entries(values)) {
      if (!props.some((prop) => prop.id === id)) props.push({ id, data });
    }
    return { ...m, props };
  });
  return { ...entry, meta };
}

/** Rewrites one entry of the snapshot copy `dir` with `values` set, as a newer version. */
export async function editEntryProps(
  dir: string,
  entryId: string,
  values: Record<string, unknown[]>,
): Promise<void> {
  const file = path.join(dir, "entries", `${entryId}.json`);
  const entry = JSON.parse(await readFile(file, "utf8")) as EntryFile;
  const edited = withProps(entry, values);
  await writeFile(file, JSON.stringify({ ...edited, updatedAt: entry.updatedAt + 1000 }, null, 2));
}
