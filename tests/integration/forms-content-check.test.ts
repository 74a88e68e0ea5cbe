// content:check reads every form the way the site does: a form the site would refuse, or
// one that sends visitors to a path no page has, is reported and fails the check.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkForms } from "../../scripts/check-forms";
import { copySnapshot, editEntryWith, removeSnapshot } from "../support/snapshot-copy";

let dir: string;

beforeEach(async () => {
  dir = await copySnapshot("forms-check", { withMediaFiles: true });
});

afterEach(() => removeSnapshot(dir));

describe("checkForms", () => {
  it("finds no problem in the seed", async () => {
    const result = await checkForms(dir);
    expect(result.forms).toBeGreaterThanOrEqual(5);
    expect(result.problems).toEqual([]);
  });

  it("names a reserved field name and a redirect to no page", async () => {
    await editEntryWith(dir, '"crm:contact"', (text) => text.replace('"company"', '"fax_number"'));
    await editEntryWith(dir, '"crm:universal-id"', (text) =>
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
