import { describe, expect, it } from "vitest";
import { isRefused } from "./checked";
import { refusedEntryValue } from "./entry-values";
import { checkSlug } from "./slugs";
import { checkLinkUrl } from "./urls";

describe("slugs, links and an entry's checked values", () => {
  it("refuses a slug that is not one plain segment", () => {
    expect(checkSlug("state-of-identity-2026")).toEqual({ value: "state-of-identity-2026" });
    for (const slug of [
      "http://evil.example/",
      "a/b",
      "..",
      "%2F",
      "a\r\nb",
      " x",
      "x".repeat(201),
    ]) {
      expect(isRefused(checkSlug(slug)), slug).toBe(true);
    }
  });

  it("takes site paths, fragments and https links, and refuses the rest", () => {
    for (const link of ["/contact", "#team", "https://careers.id5.io/apply/x"]) {
      expect(checkLinkUrl(link)).toEqual({ value: link });
    }
    for (const link of [
      "javascript:alert(1)",
      "data:text/html,x",
      "//evil.example/x",
      "/\\evil.example",
      "https://u:p@x.example/",
      "http://evil.example/",
      "/a\r\nb",
    ]) {
      expect(isRefused(checkLinkUrl(link)), link).toBe(true);
    }
  });

  it("finds a refused value in a group and in a widget of the content", () => {
    expect(refusedEntryValue("event", { slug: "http://evil.example/" }, [])?.prop).toBe("slug");
    expect(
      refusedEntryValue("page", { slug: "x", hero: { cta_href: "javascript:x" } }, [])?.prop,
    ).toBe("hero.cta_href");
    const content = [
      {
        type: "widget",
        widgetName: "stats",
        value: { items: [{ title: "a", value: "b", progress: 1e300 }] },
      },
    ];
    expect(refusedEntryValue("page", { slug: "x" }, content)).toMatchObject({
      kind: "number",
      prop: "content[0].stats.items.progress",
    });
    expect(
      refusedEntryValue("event", { slug: "ok", registration_url: "https://x.example/" }, []),
    ).toBe(undefined);
  });

  it("refuses a blank slug, which would address the entry by its id, but not an absent one", () => {
    for (const slug of ["", "  "]) {
      expect(refusedEntryValue("news-article", { slug }, []), JSON.stringify(slug)).toMatchObject({
        kind: "slug",
        prop: "slug",
      });
    }
    expect(refusedEntryValue("news-article", {}, [])).toBe(undefined);
    // A blank link is an unset one: the reader shows no link.
    expect(refusedEntryValue("event", { slug: "x", registration_url: "" }, [])).toBe(undefined);
  });

  it("finds the editors' links of a page's hero, a CTA and a job", () => {
    const cta = { type: "widget", widgetName: "cta", value: { href: "https://u:p@x.example/" } };
    expect(refusedEntryValue("page", { slug: "x" }, [cta])).toMatchObject({
      kind: "url",
      prop: "content[0].cta.href",
    });
    expect(refusedEntryValue("job", { slug: "x", apply_url: "/\\evil.example" }, [])?.prop).toBe(
      "apply_url",
    );
  });
});
