import { describe, expect, it } from "vitest";
import { testImage } from "../../tests/support/content";
import { toHero } from "./hero.server";

const ctx = { source: "test page", resolveInternalHref: () => undefined };

describe("toHero", () => {
  it("maps title (inline HTML only), theme, description, call to action and image", () => {
    const hero = toHero(
      {
        title: "<p>One <strong>identity</strong></p>",
        theme: "mint",
        description: "For everyone",
        cta_label: "Talk to us",
        cta_href: "/contact",
        image: testImage("a".repeat(24)),
      },
      ctx,
    );
    expect(hero).toMatchObject({
      title: ["One ", { tag: "strong", children: ["identity"] }],
      theme: "mint",
      description: "For everyone",
      cta: { label: "Talk to us", href: "/contact" },
      image: { mediaType: "IMG", alt: "A photo" },
    });
  });

  it("needs a title; an unknown theme is the dark blue one; half a CTA is none", () => {
    expect(toHero({ theme: "mint" }, ctx)).toBeUndefined();
    expect(toHero("not a hero", ctx)).toBeUndefined();
    expect(toHero({ title: "Hi", theme: "purple", cta_label: "Go" }, ctx)).toEqual({
      title: ["Hi"],
      theme: "blue-dark",
    });
  });
});
