// content:check reads every form the way the site does: a form the site would refuse, or
// one that sends visitors to a path no page has, is reported and fails the check.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkForms } from "../../scripts/check-forms";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "forms-check-"));
  await cp("content", dir, { recursive: true });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Rewrites the entry file holding `marker` (a value only that entry has). */
async function editEntryWith(marker: string, edit: (text: string) => string): Promise<void> {
  const entries = path.join(dir, "entries");
  for (const file of await readdir(entries)) {
    const text = await readFile(path.join(entries, file), "utf8");
    if (text.includes(marker)) {
      await writeFile(path.join(entries, file), edit(text));
      return;
    }
  }
  throw new Error(`no entry holds ${marker}`);
}

describe("checkForms", () => {
  it("finds no problem in the seed", async () => {
    const result = await checkForms(dir);
    expect(result.forms).toBeGreaterThanOrEqual(5);
    expect(result.problems).toEqual([]);
  });

  it("names a reserved field name and a redirect to no page", async () => {
    await editEntryWith('"crm:contact"', (text) => text.replace('"company"', '"fax_number"'));
    await editEntryWith('"crm:universal-id"', (text) =>
      text.replace('"/universal-id/thanks"', '"/universal-id/nowhere"'),
    );
    const { problems } = await checkForms(dir);
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          form: "contact",
          message: expect.stringContaining('"fax_number" is reserved'),
        }),
        expect.objectContaining({
          form: "universal-id-sign-up",
          message: "redirect_path /universal-id/nowhere is not the path of any page entry",
        }),
      ]),
    );
  });
});
