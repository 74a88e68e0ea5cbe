import { describe, expect, it } from "vitest";
import { ACQUISITION_PATH } from "~/config/site";
import { byAttr, byClass, byTag, renderDom, text } from "../../../tests/support/markup";
import { SiteLayout } from "./site-layout";

const renderLayout = (pathname: string) =>
  renderDom(
    <SiteLayout pathname={pathname} year={2030}>
      <h1>Page body</h1>
    </SiteLayout>,
    pathname,
  );

describe("SiteLayout", () => {
  it("renders skip link, banner, header, main and footer in that order", () => {
    const dom = renderLayout("/");
    const root = dom.one(byClass("site-layout"));
    const order = root.children
      .filter((node) => "name" in node)
      .map((node) => ("name" in node ? node.name : ""));
    expect(order).toEqual(["a", "aside", "header", "main", "footer"]);
  });

  it("starts with a 'Skip to content' link to #main", () => {
    const dom = renderLayout("/");
    const skip = dom.one(byClass("skip-link"));
    expect(text(skip)).toBe("Skip to content");
    expect(skip.attribs.href).toBe("#main");
    const main = dom.one(byTag("main"));
    expect(main.attribs).toMatchObject({ id: "main", tabindex: "-1" });
    expect(text(main)).toBe("Page body");
  });

  it("shows the banner in its default scheme on ordinary pages", () => {
    const dom = renderLayout("/about");
    expect(dom.one(byClass("site-layout")).attribs["data-banner"]).toBe("shown");
    expect(dom.one(byTag("aside")).attribs["data-scheme"]).toBe("default");
  });

  it("uses the alternative banner scheme on /technology", () => {
    expect(renderLayout("/technology").one(byTag("aside")).attribs["data-scheme"]).toBe("alt");
  });

  it("hides the banner on the acquisition page", () => {
    const dom = renderLayout(ACQUISITION_PATH);
    expect(dom.all(byTag("aside"))).toHaveLength(0);
    expect(dom.all(byAttr("href", ACQUISITION_PATH))).toHaveLength(0);
    expect(dom.one(byClass("site-layout")).attribs["data-banner"]).toBe("hidden");
  });

  it("passes the year to the footer", () => {
    expect(renderLayout("/").html).toContain("© 2030 ID5. All rights reserved.");
  });
});
