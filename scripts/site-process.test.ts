import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { SITE_START_ARGS } from "./site-process";

describe("the site as a child process", () => {
  it("runs what `npm start` runs, heap cap included", async () => {
    const pkg = JSON.parse(await readFile("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(`node ${SITE_START_ARGS.join(" ")}`);
    expect(SITE_START_ARGS.some((arg) => arg.startsWith("--max-old-space-size="))).toBe(true);
  });
});
