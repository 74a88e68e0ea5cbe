import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { discover, PrerenderedPages } from "./prerendered";
import { ClientFiles } from "./static-files";

let dir: string;
let pages: PrerenderedPages;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "prerendered-"));
  for (const rel of [
    "index.html",
    "_.data",
    "about/index.html",
    "about.data",
    "news/a/index.html",
    "news/a.data",
    "assets/app.js",
    "robots.txt",
  ]) {
    await mkdir(path.dirname(path.join(dir, "client", rel)), { recursive: true });
    await writeFile(path.join(dir, "client", rel), rel);
  }
});
// Loaded afresh for each test: one test retires and removes pages, which no other may see.
beforeEach(async () => {
  pages = await PrerenderedPages.load(dir, await ClientFiles.scan(path.join(dir, "client")));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("PrerenderedPages", () => {
  it("maps page paths and data paths to React Router's files", () => {
    expect(pages.find("/")?.relPath).toBe("index.html");
    expect(pages.find("/_.data")?.relPath).toBe("_.data");
    expect(pages.find("/about")?.relPath).toBe("about/index.html");
    expect(pages.find("/about.data")?.relPath).toBe("about.data");
    expect(pages.find("/news/a")?.relPath).toBe("news/a/index.html");
  });

  it("answers nothing for trailing slashes, index.html itself or other files", () => {
    expect(pages.find("/about/")).toBeUndefined();
    expect(pages.find("/about/index.html")).toBeUndefined();
    expect(pages.find("/robots.txt")).toBeUndefined();
    expect(pages.find("/news/b")).toBeUndefined();
  });

  it("lists its pages and retires the files it is told to", () => {
    expect(pages.pagePaths()).toEqual(["/", "/about", "/news/a"]);
    expect(pages.findFresh("/about")?.relPath).toBe("about/index.html");
    pages.retire(["about/index.html"]);
    expect(pages.findFresh("/about")).toBeUndefined();
    expect(pages.findFresh("/about.data")).toBeDefined();
    // Still there as the outage fallback.
    expect(pages.find("/about")).toBeDefined();
    pages.restore("about/index.html");
    expect(pages.findFresh("/about")?.relPath).toBe("about/index.html");
    pages.remove("about/index.html");
    expect(pages.find("/about")).toBeUndefined();
    expect(pages.pagePaths()).toEqual(["/", "/news/a"]);
  });

  it("discovers pages when the build wrote no manifest", () => {
    expect(discover(["index.html", "assets/x/index.html", "a.data", "robots.txt"])).toEqual([
      "index.html",
      "a.data",
    ]);
  });
});
