import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkSchedules } from "./check-schedule";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SCHEDULED = "id5-opens-office-in-sao-paulo";

describe("content:check's schedule part", () => {
  it("passes the seed, and names an entry whose DATE has no timestamp", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "check-schedule-"));
    try {
      await cp(path.join(ROOT, "content"), dir, {
        recursive: true,
        filter: (source) => !source.includes(`${path.sep}media-files`),
      });
      const seed = await checkSchedules(dir);
      expect(seed.problems).toEqual([]);
      expect(seed.entries).toBeGreaterThan(50);
      for (const name of await readdir(path.join(dir, "entries"))) {
        const file = path.join(dir, "entries", name);
        const text = await readFile(file, "utf8");
        if (text.includes(SCHEDULED)) {
          await writeFile(
            file,
            text.replace(
              /"timestamp":\s*1898856000000,(\s*)"timezoneOffset":\s*180/,
              '"timestamp": -1,$1"timezoneOffset": 180',
            ),
          );
        }
      }
      const broken = await checkSchedules(dir);
      expect(broken.problems).toEqual([
        {
          template: "news-article",
          entry: SCHEDULED,
          message: 'publish_at has no usable timestamp ({"timestamp":-1,"timezoneOffset":180})',
        },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
