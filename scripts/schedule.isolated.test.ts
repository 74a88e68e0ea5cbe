import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openStore } from "../server/store/open-store";
import { childResult } from "../tests/support/child-output";
import { formatScheduleListing } from "./schedule";

const T = Date.UTC(2030, 2, 4, 12);
const ROOT = fileURLToPath(new URL("..", import.meta.url));

describe("formatScheduleListing", () => {
  it("prints one line per time, then the problems", () => {
    const lines = formatScheduleListing({
      rows: [
        {
          at: T,
          editor: "2030-03-04 09:00 UTC-03:00",
          kind: "publish",
          template: "news-article",
          entry: "a",
          isPublic: true,
        },
        {
          at: T + 60_000,
          editor: "2030-03-04 12:01 UTC+00:00",
          kind: "unpublish",
          template: "event",
          entry: "b",
          isPublic: false,
        },
      ],
      problems: [{ template: "job", entry: "c", problem: "publish_at has no usable timestamp" }],
    });
    expect(lines).toEqual([
      "2030-03-04 12:00 UTC  (2030-03-04 09:00 UTC-03:00)  goes live  news-article  a",
      "2030-03-04 12:01 UTC  (2030-03-04 12:01 UTC+00:00)  leaves     event  b  (not in the public status: nothing changes until it is)",
      "problem: job c: publish_at has no usable timestamp (the entry stays as visitors saw it)",
    ]);
    expect(formatScheduleListing({ rows: [], problems: [] })).toEqual(["nothing is scheduled"]);
  });
});

describe("npm run schedule on the embedded content service", () => {
  /** The command as an operator runs it over a snapshot folder: its exit code and output. */
  async function runCommand(contentDir: string, extra: Record<string, string> = {}) {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/schedule.ts"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        CONTENT_DIR: contentDir,
        CONTENT_CACHE_DIR: `${contentDir}-cache`,
        ...extra,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    return childResult(child);
  }

  it("lists the seed's scheduled article, and a bad time as a problem", {
    timeout: 60_000,
  }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "schedule-command-"));
    const contentDir = path.join(dir, "content");
    try {
      await cp(path.join(ROOT, "content"), contentDir, {
        recursive: true,
        filter: (source) => !source.includes(`${path.sep}media-files`),
      });
      const seeded = await runCommand(contentDir);
      expect(seeded.output).toContain(
        "2030-03-04 12:00 UTC  (2030-03-04 09:00 UTC-03:00)  goes live  news-article  id5-opens-office-in-sao-paulo",
      );
      expect(seeded.code).toBe(0);
      // The same article with its publish_at emptied as BCMS empties a required DATE.
      const entries = path.join(contentDir, "entries");
      const { readdir } = await import("node:fs/promises");
      for (const name of await readdir(entries)) {
        const file = path.join(entries, name);
        const text = await readFile(file, "utf8");
        if (!text.includes("id5-opens-office-in-sao-paulo")) continue;
        await writeFile(
          file,
          text.replace(
            /"timestamp":\s*1898856000000,\s*"timezoneOffset":\s*180/,
            '"timestamp": -1, "timezoneOffset": 180',
          ),
        );
      }
      const broken = await runCommand(contentDir);
      expect(broken.output).toMatch(
        /problem: news-article id5-opens-office-in-sao-paulo: publish_at has no usable timestamp/,
      );
      expect(broken.code).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(`${contentDir}-cache`, { recursive: true, force: true });
    }
  });

  it("lists the unpublish_at of a kept version, read from the site's store", {
    timeout: 60_000,
  }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "schedule-kept-"));
    const contentDir = path.join(dir, "content");
    const dataDir = path.join(dir, "data");
    try {
      await cp(path.join(ROOT, "content"), contentDir, {
        recursive: true,
        filter: (source) => !source.includes(`${path.sep}media-files`),
      });
      // The site kept a public version of a seed article (being reworked) that leaves in 2031.
      const store = await openStore({ dataDir });
      const leaves = Date.UTC(2031, 0, 15, 9);
      await store.publishedVersions.recordPublishedVersions([
        {
          entryId: "09afa75e426e6f3411d6f9c8",
          templateName: "news-article",
          versionKey: "1",
          recordedAt: Date.now(),
          entry: {
            _id: "09afa75e426e6f3411d6f9c8",
            meta: {
              en: {
                slug: "state-of-identity-2026-report-published",
                unpublish_at: { timestamp: leaves, timezoneOffset: -60 },
              },
            },
          },
        },
      ]);
      await store.close();
      const result = await runCommand(contentDir, { DATA_DIR: dataDir });
      expect(result.output).toContain(
        "2031-01-15 09:00 UTC  (2031-01-15 10:00 UTC+01:00)  leaves     news-article  state-of-identity-2026-report-published  (its last public version, which visitors see while it is reworked)",
      );
      expect(result.code).toBe(0);
      // Without the store the command says what it cannot list.
      const alone = await runCommand(contentDir, { DATA_DIR: path.join(dir, "elsewhere") });
      expect(alone.output).toContain("no site store here");
      expect(alone.output).not.toContain("2031-01-15");
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(`${contentDir}-cache`, { recursive: true, force: true });
    }
  });
});
