import { describe, expect, it } from "vitest";
import { parsePreviewArgs } from "./preview-link";

describe("parsePreviewArgs", () => {
  it("reads a link request, with hours or without", () => {
    expect(parsePreviewArgs(["news-article", "my-slug"])).toEqual({
      action: "link",
      template: "news-article",
      entry: "my-slug",
      hours: 72,
    });
    expect(parsePreviewArgs(["news-article", "my-slug", "--hours", "12"])).toMatchObject({
      hours: 12,
    });
    expect(parsePreviewArgs(["--hours=0.5", "event", "an-event"])).toMatchObject({
      template: "event",
      hours: 0.5,
    });
  });

  it("reads revocations", () => {
    expect(parsePreviewArgs(["revoke", "news-article", "my-slug"])).toEqual({
      action: "revoke",
      template: "news-article",
      entry: "my-slug",
    });
    expect(parsePreviewArgs(["revoke", "--all"])).toEqual({ action: "revoke-all" });
  });

  it("says what is wrong with anything else", () => {
    expect(parsePreviewArgs([])).toBe("give a TEMPLATE and a SLUG-OR-ID");
    expect(parsePreviewArgs(["news-article"])).toBe("give a TEMPLATE and a SLUG-OR-ID");
    expect(parsePreviewArgs(["news-article", "a", "b"])).toBe("give a TEMPLATE and a SLUG-OR-ID");
    expect(parsePreviewArgs(["news-article", "a", "--hours"])).toMatch(
      /^--hours: hours must be a positive number/,
    );
    expect(parsePreviewArgs(["news-article", "a", "--hours", "721"])).toMatch(/at most 720/);
    expect(parsePreviewArgs(["news-article", "a", "--days", "2"])).toBe("unknown option --days");
    expect(parsePreviewArgs(["revoke"])).toBe("revoke takes TEMPLATE SLUG-OR-ID, or --all");
    expect(parsePreviewArgs(["revoke", "--all", "x"])).toBe(
      "revoke takes TEMPLATE SLUG-OR-ID, or --all",
    );
    expect(parsePreviewArgs(["revoke", "--all", "--hours", "2"])).toBe(
      "--hours goes with a new link, not with revoke",
    );
  });
});

describe("npm run preview-link without the site's settings", () => {
  /** The command as an operator runs it, with only DATA_DIR set; its exit code and output. */
  async function runCommand(dataDir: string, args: string[]) {
    const { spawn } = await import("node:child_process");
    const { fileURLToPath } = await import("node:url");
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/preview-link.ts", ...args], {
      cwd: fileURLToPath(new URL("..", import.meta.url)),
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
    }
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    return { code, output };
  }

  it("refuses with a clear message and creates no store or key", async () => {
    const { mkdtemp, readdir, rm } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dir = await mkdtemp(path.join(tmpdir(), "preview-link-"));
    try {
      const dataDir = path.join(dir, "data");
      for (const args of [
        ["news-article", "some-article"],
        ["revoke", "--all"],
      ]) {
        const result = await runCommand(dataDir, args);
        expect(result.code).toBe(1);
        expect(result.output).toContain(
          `preview-link: no site store in ${dataDir} (no forms.db): run it with the site's settings: DATABASE_URL, or the DATA_DIR the site uses`,
        );
        expect(await readdir(dir)).toEqual([]);
      }
      // Where the site has run (its store and key made at its start), the command acts.
      const { openStore } = await import("../server/store/open-store");
      const store = await openStore({ dataDir });
      await store.signingKey();
      await store.close();
      const revoked = await runCommand(dataDir, ["revoke", "--all"]);
      expect(revoked.output).toContain("every preview link made until");
      expect(revoked.code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
