/** content:check: every problem found and named (entry, property, message); exit codes of the script. */
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSnapshot } from "../../content-server/snapshot-check";
import { runScript } from "../support/script-run";
import {
  buildFixtureSnapshot,
  type FixtureSnapshot,
  fixtureEntries,
  fixtureTemplates,
  IDS,
  PROPS,
  writeEntity,
} from "../support/snapshot-builder";
import { copySnapshot, removeSnapshot } from "../support/snapshot-copy";

/** content:check as `npm run content:check` runs it. */
const run = (args: string[], env?: NodeJS.ProcessEnv) =>
  runScript("scripts/content-check.ts", args, env);

let clean: FixtureSnapshot;
let broken: FixtureSnapshot;

function setValue(entry: ReturnType<typeof fixtureEntries>[number], propId: string, data: unknown) {
  const meta = entry.meta[0];
  const value = meta?.props.find((prop) => prop.id === propId);
  if (!value) throw new Error(`no value ${propId}`);
  (value as { data: unknown }).data = data;
}

beforeAll(async () => {
  clean = await buildFixtureSnapshot();
  broken = await buildFixtureSnapshot();
  const entries = fixtureEntries();
  const article1 = entries.find((entry) => entry._id === IDS.article1);
  const article2 = entries.find((entry) => entry._id === IDS.article2);
  const personA = entries.find((entry) => entry._id === IDS.personA);
  if (!article1 || !article2 || !personA) throw new Error("fixture changed");
  setValue(article1, PROPS.title, []);
  setValue(article1, PROPS.category, ["sports"]);
  setValue(article1, PROPS.cover, [{ _id: "65aa0000000000000000dead" }]);
  setValue(article2, PROPS.related, [
    { tid: IDS.templateArticle, eid: "65aa0000000000000000beef" },
  ]);
  setValue(article2, PROPS.slug, ["hello-world"]);
  personA.statuses = [{ lng: "en", id: "65aa0000000000000000abcd" }];
  await writeEntity(broken.dir, "entries", article1);
  await writeEntity(broken.dir, "entries", article2);
  await writeEntity(broken.dir, "entries", personA);
  await writeEntity(broken.dir, "entries", {
    ...article2,
    _id: "65aa0000000000000000f00d",
    templateId: "65aa0000000000000000cafe",
  });
  const [articleTemplate] = fixtureTemplates();
  if (!articleTemplate) throw new Error("fixture changed");
  const seo = articleTemplate.props.find((prop) => prop.id === PROPS.seo);
  if (seo) seo.data = { propGroupPointer: { _id: "65aa0000000000000000aaaa" } };
  await writeEntity(broken.dir, "templates", articleTemplate);
  await writeFile(join(broken.dir, "groups", "65aa0000000000000000bbbb.json"), "{ not json");
  await writeFile(join(broken.dir, "entries", "notes.txt"), "stray");
  await rm(join(broken.dir, "media-files", `${IDS.mediaClip}.mp4`));
});

afterAll(async () => {
  await clean.cleanup();
  await broken.cleanup();
});

describe("checkSnapshot", () => {
  it("finds nothing wrong in a good snapshot", async () => {
    const report = await checkSnapshot(clean.dir);
    expect(report.problems).toEqual([]);
    expect(report.counts).toMatchObject({ templates: 2, entries: 5, media: 5, mediaFiles: 4 });
  });

  it("names the entry, template, slug, property and message of each problem", async () => {
    const report = await checkSnapshot(broken.dir);
    const lines = report.problems.map((problem) => problem.text);
    const a1 = `entry ${IDS.article1} (article/hello-world)`;
    const expected = [
      `${a1} property title: Property is required and must contain a value`,
      `${a1} property category: Enumeration value "sports" is not allowed. Allowed values: news, guides`,
      `${a1} property cover: Media with ID "65aa0000000000000000dead" does not exist`,
      `entry ${IDS.article2} (article/hello-world) property related[0]: Entry with ID "65aa0000000000000000beef" does not exist`,
      `entry ${IDS.article2} (article/hello-world) property slug: slug "hello-world" is also used by entry ${IDS.article1}`,
      `entry ${IDS.personA} (person/alice): Entry status with ID "65aa0000000000000000abcd" does not exist`,
      'entry 65aa0000000000000000f00d (?/?): Template with ID "65aa0000000000000000cafe" does not exist',
      'template article property seo: Group with ID "65aa0000000000000000aaaa" does not exist',
      `media ${IDS.mediaClip} (clip.mp4): binary file is missing (expected media-files/${IDS.mediaClip}.mp4)`,
      "file entries/notes.txt: unexpected file name (expected {24-hex _id}.json)",
    ];
    for (const line of expected) expect(lines).toContain(line);
    expect(
      lines.some((line) =>
        line.startsWith("file groups/65aa0000000000000000bbbb.json: malformed JSON"),
      ),
    ).toBe(true);
    // The article's seo group is gone from the schema's point of view, so its values are reported too.
    expect(lines.some((line) => line.startsWith(`${a1} property seo:`))).toBe(true);
    const problem = report.problems.find(
      (p) => p.entryId === IDS.article1 && p.property === "cover",
    );
    expect(problem).toMatchObject({
      subject: "entry",
      template: "article",
      file: `entries/${IDS.article1}.json`,
    });
  });
});

describe("npm run content:check", () => {
  it("exits 0 with a summary on a good snapshot of the site's content model", async () => {
    const seed = await copySnapshot("content-check-seed", { withMediaFiles: true });
    try {
      const { code, stdout, stderr } = await run([seed]);
      expect(code, stderr).toBe(0);
      expect(stdout).toMatch(/content:check .*: 0 problems; content model: 0 problems;/);
    } finally {
      await removeSnapshot(seed);
    }
  });

  it("compares a sound snapshot with the content model the site expects", async () => {
    // The fixture is sound as a snapshot, but its group `author` is not the site's.
    const failure = await run([clean.dir]);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain("content model: group author prop title is missing");
    expect(failure.stderr).toContain("warning: content model: template page is missing");
    expect(failure.stderr).toMatch(
      /content:check .*2 templates.*5 entries.*: 0 problems; content model: 2 problems;/,
    );
  });

  it("exits non-zero listing every problem on a broken one (CONTENT_DIR works too)", async () => {
    const failure = await run([], { ...process.env, CONTENT_DIR: broken.dir });
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain(
      `entry ${IDS.article1} (article/hello-world) property cover: Media with ID`,
    );
    expect(failure.stderr).toMatch(/: \d+ problems/);
  });
});
