// content:check merges the snapshot's redirect entries the way the server does: a `from`
// that is not a path, a target that is neither a path nor an https URL, and a loop are
// reported and fail the check; a redirect a page hides is a warning.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkRedirects } from "../../scripts/check-redirects";
import { copySnapshot, editEntryWith, removeSnapshot } from "../support/snapshot-copy";

let dir: string;

beforeEach(async () => {
  dir = await copySnapshot("redirects-check");
});

afterEach(() => removeSnapshot(dir));

// The seed's redirects, by their slugs.
const SUMMIT = '"summit-short-link"';
const LONDON = '"london-short-link"';
const CAREERS = '"careers"';
const RETIRED_PAGE = '"retired-partner-programme"';

describe("checkRedirects", () => {
  it("finds no problem in the seed's redirects", async () => {
    const result = await checkRedirects(dir);
    expect(result.redirects).toBeGreaterThanOrEqual(4);
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("names a `from` that is not a path, a javascript: target and a loop", async () => {
    await editEntryWith(dir, CAREERS, (text) =>
      text.replace('"https://careers.id5.io/"', '"javascript:alert(1)"'),
    );
    // /london → /summit already; /summit → /london closes the loop.
    await editEntryWith(dir, SUMMIT, (text) =>
      text.replace('"/events/addressability-summit-london-2026"', '"/london"'),
    );
    await editEntryWith(dir, RETIRED_PAGE, (text) =>
      text.replace('"/partner-programme"', '"partner-programme"'),
    );
    const { problems } = await checkRedirects(dir);
    const messages = problems.map((problem) => problem.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('"to" is neither a path nor an https URL'),
        expect.stringContaining('"from" is not a path of the site'),
        expect.stringContaining("/summit ends in a loop"),
        expect.stringContaining("/london ends in a loop"),
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it("warns of a redirect whose `from` a published page holds", async () => {
    await editEntryWith(dir, LONDON, (text) => text.replace('"/london"', '"/about"'));
    const { problems, warnings } = await checkRedirects(dir);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      expect.objectContaining({ message: expect.stringContaining("the page wins") }),
    ]);
  });
});
