import { describe, expect, it } from "vitest";
import { byAttr, byTag, linksOf, renderDom, text } from "../../../tests/support/markup";
import { BREADCRUMB_LABEL, Breadcrumbs } from "./breadcrumbs";

const TRAIL = [
  { name: "Home", path: "/" },
  { name: "News", path: "/news" },
  { name: "ID5 opens a Singapore office", path: "/news/id5-opens-singapore-office" },
];

describe("Breadcrumbs", () => {
  it("is an ordered list of links in a navigation landmark named Breadcrumb", () => {
    const dom = renderDom(<Breadcrumbs crumbs={TRAIL} />);
    const nav = dom.one(byTag("nav"));
    expect(nav.attribs["aria-label"]).toBe(BREADCRUMB_LABEL);
    const list = dom.one(byTag("ol"), nav);
    expect(dom.all(byTag("li"), list)).toHaveLength(3);
    expect(linksOf(list).map(({ label, href }) => ({ label, href }))).toEqual([
      { label: "Home", href: "/" },
      { label: "News", href: "/news" },
      { label: "ID5 opens a Singapore office", href: "/news/id5-opens-singapore-office" },
    ]);
  });

  it("marks the last item, and only it, as the current page", () => {
    const dom = renderDom(<Breadcrumbs crumbs={TRAIL} />);
    const current = dom.all(byAttr("aria-current"));
    expect(current.map((el) => [el.attribs["aria-current"], text(el)])).toEqual([
      ["page", "ID5 opens a Singapore office"],
    ]);
  });

  it("renders nothing without a trail", () => {
    expect(
      renderDom(
        <div>
          <Breadcrumbs crumbs={undefined} />
          <Breadcrumbs crumbs={[]} />
        </div>,
      ).html,
    ).toBe("<div></div>");
  });

  it("keeps the section names English on a page in another language", () => {
    const trail = [
      { name: "Home", path: "/" },
      { name: "プラットフォームプライバシーポリシー", path: "/jp/platform-privacy-policy" },
    ];
    const dom = renderDom(<Breadcrumbs crumbs={trail} pageLang="ja" />);
    expect(dom.one(byTag("nav")).attribs.lang).toBe("en");
    expect(dom.one(byAttr("aria-current", "page")).attribs.lang).toBe("ja");
    expect(
      renderDom(<Breadcrumbs crumbs={trail} pageLang="en" />).one(byTag("nav")).attribs.lang,
    ).toBeUndefined();
  });
});
