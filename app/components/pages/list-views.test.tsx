import { describe, expect, it } from "vitest";
import { byClass, byTag, linksOf, renderDom } from "../../../tests/support/markup";
import { Pagination } from "./list-views";

describe("Pagination", () => {
  it("links the first, the last and the pages near the current one, with gaps between", () => {
    const dom = renderDom(<Pagination page={500} pageCount={1112} />);
    const links = linksOf(dom.one(byTag("nav")));
    expect(links.map((link) => link.label)).toEqual([
      "Newer",
      "1",
      "498",
      "499",
      "500",
      "501",
      "502",
      "1112",
      "Older",
    ]);
    expect(links[4]?.href).toBe("/news/page/500");
    expect(dom.all(byClass("pagination__gap"))).toHaveLength(2);
    expect(dom.one(byClass("pagination__gap")).attribs["aria-hidden"]).toBe("true");
    expect(dom.one((el) => el.attribs["aria-current"] === "page").attribs.href).toBe(
      "/news/page/500",
    );
  });

  it("is left out when there is one page", () => {
    expect(
      renderDom(
        <div>
          <Pagination page={1} pageCount={1} />
        </div>,
      ).html,
    ).toBe("<div></div>");
  });
});
