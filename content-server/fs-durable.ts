/**
 * Crash-safe file writes. A file is replaced by writing a temporary file in the
 * same directory, fsyncing it, renaming it over the target (atomic on POSIX) and
 * fsyncing the directory so the rename itself survives a power cut. A reader
 * therefore sees either the old or the new content, never a torn file.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

const TEMP_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

/** Temporary files left behind by a crash; loaders ignore them and the store removes them. */
export function isTempFileName(name: string): boolean {
  return TEMP_FILE.test(name);
}

export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } catch (error) {
    // Some file systems (and Windows) refuse fsync on a directory; the rename is still atomic there.
    if (!isErrno(error, "EINVAL") && !isErrno(error, "EISDIR") && !isErrno(error, "EPERM"))
      throw error;
  } finally {
    await handle.close();
  }
}

/** Creates a directory (and parents) and makes its entry durable in the parent. */
export async function ensureDir(dir: string): Promise<void> {
  const created = await mkdir(dir, { recursive: true });
  if (created !== undefined) await syncDir(dirname(dir));
}

export async function writeFileDurably(file: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(file);
  await ensureDir(dir);
  const temp = join(dir, `.${basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temp, "w", 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDir(dir);
}

export async function removeFileDurably(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (!isErrno(error, "ENOENT")) throw error;
    return;
  }
  await syncDir(dirname(file));
}

/** Snapshot files are pretty-printed with a trailing newline so diffs read well. */
export function toSnapshotJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
