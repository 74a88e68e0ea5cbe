import { describe, expect, it } from "vitest";
import { FOOTER_SOCIAL_LINKS } from "~/config/site";
import { byAttr, byClass, byTag, linksOf, renderDom, text } from "../../../tests/support/markup";
import { copyrightLine, Footer } from "./footer";

const EXPECTED_COLUMNS = [
  {
    title: "Main",
    hrefs: ["/about", "/technology", "/solutions", "/resources", "/news", "/contact"],
  },
  { title: "About", hrefs: ["/about#why-id5", "/about#leadership", "/about#values", "/jobs"] },
  { title: "Technology", hrefs: ["/technology#id5-id", "/technology#id5-graph"] },
  {
    title: "Solutions",
    hrefs: [
      "/solutions#tabs-media-owners",
      "/solutions#tabs-supply-side-platforms",
      "/solutions#tabs-data-platforms",
      "/solutions#tabs-demand-side-platforms",
      "/solutions#tabs-brands-and-agencies",
    ],
  },
  {
    title: "Privacy",
    hrefs: [
      "/trust/privacy-policy",
      "/trust/cookie-policy",
      "/trust/platform-privacy-policy",
      "/trust/privacy-policy#us-state-privacy-rights",
      "https://id5-sync.com/privacy/opt-out",
      "https://id5-sync.com/privacy/choices",
      "#consent",
    ],
  },
];

describe("Footer", () => {
  const dom = renderDom(<Footer year={2031} />);
  const footer = dom.one(byTag("footer"));

  it("is the #site-footer landmark", () => {
    expect(footer.attribs.id).toBe("site-footer");
  });

  it("has exactly the five columns with exactly their links", () => {
    const columns = dom.all(byClass("site-footer__column"), footer);
    expect(
      columns.map((column) => ({
        title: text(dom.one(byTag("h2"), column)),
        hrefs: linksOf(column).map((l) => l.href),
      })),
    ).toEqual(EXPECTED_COLUMNS);
  });

  it("opens external links in a new tab and keeps internal ones in the app", () => {
    for (const link of linksOf(dom.one(byClass("site-footer__nav"), footer))) {
      if (link.href?.startsWith("http")) {
        expect(link).toMatchObject({ target: "_blank", rel: "noopener noreferrer" });
      } else {
        expect(link.target).toBeUndefined();
      }
    }
  });

  it("has the two social icons, opening in a new tab", () => {
    const social = dom.one(byClass("social-links"), footer);
    expect(linksOf(social)).toEqual(
      FOOTER_SOCIAL_LINKS.map((s) => ({
        label: "",
        href: s.href,
        target: "_blank",
        rel: "noopener noreferrer",
      })),
    );
    expect(FOOTER_SOCIAL_LINKS.map((s) => s.network)).toEqual(["linkedin", "x"]);
  });

  it("links the logo home", () => {
    expect(dom.one(byAttr("aria-label", "ID5 home"), footer).attribs.href).toBe("/");
  });

  it("prints the copyright line with the given year", () => {
    expect(copyrightLine(2031)).toBe("© 2031 ID5. All rights reserved.");
    expect(text(dom.one(byClass("site-footer__copyright"), footer))).toBe(
      "© 2031 ID5. All rights reserved.",
    );
  });
});
