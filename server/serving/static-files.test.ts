import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DocumentPolicy } from "../security/content-security-policy";
import { representationOf } from "./representation";
import { ClientFiles } from "./static-files";

function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error("expected a value");
  return value;
}

const policy = new DocumentPolicy({ tagManager: false, frameAncestors: [], reportTo: false });

describe("ClientFiles", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "id5-client-files-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const script = "window.answer=42;";
  writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html><head><script>${script}</script></head><body>${"x".repeat(4000)}</body></html>`,
  );
  const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

  it("a page streamed because memory is full still carries its script hashes", async () => {
    const files = await ClientFiles.scan(dir, { memoryBudgetBytes: 0 });
    const file = defined(files.lookup("/index.html"));
    expect(files.representation(file)).toBeNull(); // no room: streamed from disk
    const response = defined(await files.serve(file, new Request("http://site.test/")));
    expect(response.status).toBe(200);
    const header = representationOf(response)?.policyHeader(policy);
    expect(header).toContain(hash);
    expect(await response.text()).toContain(script);
  });

  it("a page kept in memory carries the same hashes", async () => {
    const files = await ClientFiles.scan(dir);
    const file = defined(files.lookup("/index.html"));
    const response = defined(await files.serve(file, new Request("http://site.test/")));
    expect(representationOf(response)?.policyHeader(policy)).toContain(hash);
  });

  it("keeps rewritten pages in memory only within the budget", async () => {
    const page = Buffer.from(`<!doctype html><p>${"y".repeat(3000)}</p>`);
    const files = await ClientFiles.scan(dir, { memoryBudgetBytes: page.byteLength * 2 });
    for (const name of ["a", "b", "c"]) await files.write(`${name}/index.html`, page);
    expect(files.bytesInMemory).toBe(page.byteLength * 2);
    const kept = defined(files.lookup("/a/index.html"));
    const streamed = defined(files.lookup("/c/index.html"));
    expect(files.representation(kept)).not.toBeNull();
    expect(files.representation(streamed)).toBeNull();
    const response = defined(await files.serve(streamed, new Request("http://site.test/c")));
    expect(await response.text()).toBe(page.toString());
    // Rewriting a kept page frees its old body first.
    await files.write("a/index.html", page);
    expect(files.bytesInMemory).toBe(page.byteLength * 2);
  });
});
