import { describe, expect, it } from "vitest";
import type { ConsentPiece } from "../../app/consent/model";
import { placesOf, spliceCurrent, splitPage } from "./shared-pieces";

const old: ConsentPiece = {
  version: "2026-11",
  parts: ['<section><h2>Cookies</h2><input name="return" value="', '"/></section>'],
};
const edited: ConsentPiece = {
  version: "2026-11",
  parts: [
    '<section><h2>Cookies & "things" <here> \u2028</h2><input name="return" value="',
    '"/></section>',
  ],
};

/** A page as a render writes the piece into it: the four places, each escaped its own way. */
function page(piece: ConsentPiece, address: string): string {
  const [attribute, markup, script] = placesOf(piece, address, "html");
  return `<html lang="en" ${attribute}><body><div class="consent">${markup}</div><script>enqueue("[{\\"_1\\":2},\\"other\\",${script}]");</script></body></html>`;
}

describe("the consent wording spliced into a stored page", () => {
  it("puts the new wording where the old one was, in every place, escaped per place", () => {
    const stored = page(old, "/a?b=<c>");
    const spliced = spliceCurrent(stored, "/a?b=<c>", "html", edited, [edited, old]);
    expect(spliced).toBe(page(edited, "/a?b=<c>"));
    // And back again: a page spliced once is split by the wording it carries now.
    expect(spliceCurrent(spliced as string, "/a?b=<c>", "html", old, [old, edited])).toBe(stored);
  });

  it("leaves a page that carries the current wording as it is", () => {
    const stored = page(edited, "/");
    expect(spliceCurrent(stored, "/", "html", edited, [edited, old])).toBe(stored);
  });

  it("splices the data of a page's .data", () => {
    const [data] = placesOf(old, "/about", "data");
    const stored = `[{"_1":2},"consent",{"_3":4,"_5":6},${data}]`;
    const [now] = placesOf(edited, "/about", "data");
    expect(spliceCurrent(stored, "/about", "data", edited, [edited, old])).toBe(
      `[{"_1":2},"consent",{"_3":4,"_5":6},${now}]`,
    );
  });

  it("cannot splice a page that carries no known wording, or carries one twice", () => {
    const unknown: ConsentPiece = { version: "x", parts: ["<p>other</p>"] };
    expect(spliceCurrent(page(unknown, "/"), "/", "html", edited, [edited, old])).toBeNull();
    const markup = placesOf(old, "/", "html")[1] as string;
    expect(splitPage(`${page(old, "/")}${markup}`, placesOf(old, "/", "html"))).toBeNull();
  });

  it("renders instead when the new version is a string the page's data has elsewhere", () => {
    // turbo-stream would write the version as a reference to that string, not again.
    const [data] = placesOf(old, "/", "data");
    const stored = `[{"_1":2},"2026-12",${data}]`;
    const newer = { ...edited, version: "2026-12" };
    expect(spliceCurrent(stored, "/", "data", newer, [newer, old])).toBeNull();
    expect(spliceCurrent(stored, "/", "data", edited, [edited, old])).not.toBeNull();
  });
});
