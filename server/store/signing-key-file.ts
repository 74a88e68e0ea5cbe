// The key that signs form stamps and gated download links: FORMS_SIGNING_SECRET when set,
// else a random key generated once into {dataDir}/signing-key and reused afterwards, so
// that links and stamps stay valid across restarts without any set-up.
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
const KEY_BYTES = 32;
const KEY_PATTERN = /^[0-9a-f]{64}$/;

function readKeyFile(file: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  // A damaged key is not silently replaced: that would void every link already sent.
  if (!KEY_PATTERN.test(text)) {
    throw new Error(`${file} is not a signing key (64 hex characters); remove it to generate one`);
  }
  return Buffer.from(text, "hex");
}

/** Writes the key to a private temporary file, then moves it into place in one step. */
function writeKeyFile(dir: string, file: string, key: Buffer): Buffer {
  const temp = path.join(
    dir,
    `.${SIGNING_KEY_FILE}.${process.pid}.${randomBytes(4).toString("hex")}`,
  );
  const fd = openSync(temp, "wx", 0o600);
  try {
    writeSync(fd, `${key.toString("hex")}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
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

/** The forms signing key: the configured secret, or the generated one in `dataDir`. */
export function loadSigningKey(dataDir: string, configuredSecret?: string): Buffer {
  if (configuredSecret) return Buffer.from(configuredSecret, "utf8");
  const dir = path.resolve(dataDir);
  const file = path.join(dir, SIGNING_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return writeKeyFile(dir, file, randomBytes(KEY_BYTES));
}
