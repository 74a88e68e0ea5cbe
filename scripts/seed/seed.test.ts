import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkSnapshot } from "../../content-server/snapshot-check";
import { checkConsentBanners } from "../check-consent";
import { checkForms } from "../check-forms";
import { checkRedirects } from "../check-redirects";
import { generate, REPO_ROOT } from "./main";
import { verifySnapshot } from "./verify";

const CONTENT = path.join(REPO_ROOT, "content");

describe("seed snapshot", () => {
  it("passes content:check's snapshot check (files, schemas, media, every value and reference)", async () => {
    const report = await checkSnapshot(CONTENT);
    expect(report.problems.map((problem) => problem.text)).toEqual([]);
    expect(report.journalPending).toBe(false);
  });

  it("passes the self-check (the seed's own promises)", async () => {
    const { errors } = await verifySnapshot(CONTENT);
    expect(errors).toEqual([]);
  });

  it("has only forms the site accepts (content:check's form rules)", async () => {
    const { forms, problems } = await checkForms(CONTENT);
    expect(forms).toBeGreaterThanOrEqual(5);
    expect(problems).toEqual([]);
  });

  it("has a consent banner the site accepts (content:check's consent rules)", async () => {
    const { banners, problems, warnings } = await checkConsentBanners(CONTENT);
    expect(banners).toBe(1);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it("has only redirects the site accepts (content:check's redirect rules)", async () => {
    const { redirects, problems, warnings } = await checkRedirects(CONTENT);
    expect(redirects).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
  });

  let tmp = "";
  afterAll(async () => {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("is what the generator writes (JSON other than media is byte-identical)", async () => {
    tmp = await mkdtemp(path.join(tmpdir(), "seed-"));
    await generate(tmp, { media: false });
    for (const folder of ["templates", "groups", "widgets", "languages", "statuses", "entries"]) {
      const want = (await readdir(path.join(tmp, folder))).sort();
      const have = (await readdir(path.join(CONTENT, folder))).sort();
      expect(have, folder).toEqual(want);
      for (const file of want) {
        const a = await readFile(path.join(tmp, folder, file), "utf8");
        const b = await readFile(path.join(CONTENT, folder, file), "utf8");
        expect(b, `${folder}/${file}`).toBe(a);
      }
    }
    expect(await readFile(path.join(CONTENT, "snapshot.json"), "utf8")).toBe(
      await readFile(path.join(tmp, "snapshot.json"), "utf8"),
    );
  });
});
