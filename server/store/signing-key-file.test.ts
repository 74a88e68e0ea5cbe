import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  loadPreviousSigningKey,
  loadSigningKey,
  PREVIOUS_SIGNING_KEY_FILE,
  rotateSigningKeyFile,
  SIGNING_KEY_FILE,
} from "./signing-key-file";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "forms-key-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("loadSigningKey", () => {
  it("uses FORMS_SIGNING_SECRET when set, and writes nothing", async () => {
    const key = loadSigningKey(dir, "a-configured-secret-0123");
    expect(key.toString("utf8")).toBe("a-configured-secret-0123");
    expect(await readdir(dir)).toEqual([]);
  });

  it("generates a private 32-byte key once and reuses it", async () => {
    const data = path.join(dir, "nested", "data");
    const first = loadSigningKey(data);
    expect(first).toHaveLength(32);
    const file = path.join(data, SIGNING_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, "utf8")).trim()).toBe(first.toString("hex"));
    expect(loadSigningKey(data).equals(first)).toBe(true);
    // No temporary file is left behind.
    expect(await readdir(data)).toEqual([SIGNING_KEY_FILE]);
  });

  it("gives different installations different keys", () => {
    const a = loadSigningKey(path.join(dir, "a"));
    const b = loadSigningKey(path.join(dir, "b"));
    expect(a.equals(b)).toBe(false);
  });

  it("refuses a damaged key file instead of replacing it", async () => {
    await writeFile(path.join(dir, SIGNING_KEY_FILE), "not a key\n");
    expect(() => loadSigningKey(dir)).toThrow(/is not a signing key/);
    expect(await readFile(path.join(dir, SIGNING_KEY_FILE), "utf8")).toBe("not a key\n");
  });
});

describe("rotateSigningKeyFile", () => {
  it("writes a new private key and keeps the replaced one with its time, leaving nothing else", async () => {
    const first = loadSigningKey(dir);
    expect(loadPreviousSigningKey(dir)).toBeUndefined();
    expect(rotateSigningKeyFile(dir, 1_700_000_000_000).key.equals(first)).toBe(true);
    const second = loadSigningKey(dir);
    expect(second.equals(first)).toBe(false);
    expect(loadPreviousSigningKey(dir)).toEqual({ key: first, rotatedAt: 1_700_000_000_000 });
    for (const name of [SIGNING_KEY_FILE, PREVIOUS_SIGNING_KEY_FILE]) {
      expect((await stat(path.join(dir, name))).mode & 0o777).toBe(0o600);
    }
    expect((await readdir(dir)).sort()).toEqual([SIGNING_KEY_FILE, PREVIOUS_SIGNING_KEY_FILE]);
  });

  it("refuses a damaged previous key file", async () => {
    await writeFile(path.join(dir, PREVIOUS_SIGNING_KEY_FILE), "not a key\n");
    expect(() => loadPreviousSigningKey(dir)).toThrow(/is not a previous signing key/);
  });
});
