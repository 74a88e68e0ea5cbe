// The key that signs form stamps and gated download links: FORMS_SIGNING_SECRET when set,
// else a random key generated once into {dataDir}/signing-key and reused afterwards, so
// that links and stamps stay valid across restarts without any set-up. A rotation
// (`npm run forms -- rotate-key`) keeps the key it replaces in {dataDir}/signing-key.previous
// with the time of the rotation, so that what it signed is still taken for a while.
import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";

export const SIGNING_KEY_FILE = "signing-key";
export const PREVIOUS_SIGNING_KEY_FILE = "signing-key.previous";
const KEY_BYTES = 32;
const KEY_PATTERN = /^[0-9a-f]{64}$/;

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function readKeyFile(file: string): Buffer | undefined {
  const text = readIfPresent(file);
  if (text === undefined) return undefined;
  // A damaged key is not silently replaced: that would void every link already sent.
  if (!KEY_PATTERN.test(text)) {
    throw new Error(`${file} is not a signing key (64 hex characters); remove it to generate one`);
  }
  return Buffer.from(text, "hex");
}

/** A private temporary file beside the key, holding `text`, synced. */
function writePrivateTemp(dir: string, text: string): string {
  const temp = path.join(
    dir,
    `.${SIGNING_KEY_FILE}.${process.pid}.${randomBytes(4).toString("hex")}`,
  );
  const fd = openSync(temp, "wx", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return temp;
}

/** Writes the key to a private temporary file, then moves it into place in one step. */
function writeKeyFile(dir: string, file: string, key: Buffer): Buffer {
  const temp = writePrivateTemp(dir, `${key.toString("hex")}\n`);
  try {
    // link fails when the file exists: of two processes starting together, the first wins
    // and the second reads the winner's key instead of replacing it.
    linkSync(temp, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") {
      unlinkSync(temp);
      return readKeyFile(file) ?? key;
    }
    // File systems without hard links: a rename is still atomic.
    renameSync(temp, file);
    syncDirectory(dir);
    return key;
  }
  unlinkSync(temp);
  syncDirectory(dir);
  return key;
}

/** Makes the new directory entry itself durable (best effort: not every platform can). */
function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // The key file's own content was synced; at worst a crash now means a new key later.
  }
}

export function loadSigningKey(dataDir: string, configuredSecret?: string): Buffer {
  if (configuredSecret) return Buffer.from(configuredSecret, "utf8");
  const dir = path.resolve(dataDir);
  const file = path.join(dir, SIGNING_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return writeKeyFile(dir, file, randomBytes(KEY_BYTES));
}

export interface PreviousSigningKey {
  key: Buffer;
  rotatedAt: number;
}

export function loadPreviousSigningKey(dataDir: string): PreviousSigningKey | undefined {
  const file = path.join(path.resolve(dataDir), PREVIOUS_SIGNING_KEY_FILE);
  const text = readIfPresent(file);
  if (text === undefined) return undefined;
  const match = /^([0-9a-f]{64}) (\d{1,16})$/.exec(text);
  if (!match?.[1] || !match[2]) {
    throw new Error(`${file} is not a previous signing key (64 hex characters and a time)`);
  }
  return { key: Buffer.from(match[1], "hex"), rotatedAt: Number(match[2]) };
}

/**
 * Replaces the generated key in `dataDir` with a new one, keeping the replaced one as the
 * previous key (one rotation back: the one before it is dropped). The previous key is
 * written first, so a crash in between leaves the current key in place.
 */
export function rotateSigningKeyFile(dataDir: string, now: number): PreviousSigningKey {
  const dir = path.resolve(dataDir);
  const replaced = loadSigningKey(dir);
  const replaceWith = (name: string, text: string) => {
    renameSync(writePrivateTemp(dir, text), path.join(dir, name));
    syncDirectory(dir);
  };
  replaceWith(PREVIOUS_SIGNING_KEY_FILE, `${replaced.toString("hex")} ${now}\n`);
  replaceWith(SIGNING_KEY_FILE, `${randomBytes(KEY_BYTES).toString("hex")}\n`);
  return { key: replaced, rotatedAt: now };
}
