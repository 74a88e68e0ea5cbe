import { describe, expect, it } from "vitest";
import { byClass, byTag, linksOf, renderDom, text } from "../../../tests/support/markup";
import {
  ErrorView,
  errorMessage,
  errorTitle,
  NOT_FOUND_MESSAGE,
  SERVER_ERROR_MESSAGE,
} from "./error-view";

describe("ErrorView", () => {
  it("titles a 404 exactly 'Page Not Found' on an orange hero", () => {
    const dom = renderDom(<ErrorView status={404} />);
    expect(text(dom.one(byTag("h1")))).toBe("Page Not Found");
    expect(dom.one(byTag("section")).attribs["data-theme"]).toBe("orange");
    expect(text(dom.one(byClass("hero__description")))).toBe(NOT_FOUND_MESSAGE);
  });

  it("offers links to the homepage and the news", () => {
    const dom = renderDom(<ErrorView status={404} />);
    const hrefs = linksOf(dom.one(byClass("error-view__actions"))).map((l) => l.href);
    expect(hrefs).toEqual(["/", "/news"]);
  });

  it("titles other statuses 'Something went wrong' with a generic message", () => {
    const dom = renderDom(<ErrorView status={500} />);
    expect(text(dom.one(byTag("h1")))).toBe("Something went wrong");
    expect(text(dom.one(byClass("hero__description")))).toBe(SERVER_ERROR_MESSAGE);
    expect(dom.one(byTag("section")).attribs["data-theme"]).toBe("orange");
    expect(dom.html).not.toMatch(/at \w+ \(|Error:/);
  });

  it("shows a visitor-facing message when one is given", () => {
    const dom = renderDom(<ErrorView status={503} message="Back in a minute." />);
    expect(text(dom.one(byClass("hero__description")))).toBe("Back in a minute.");
  });

  it("maps statuses to titles and messages", () => {
    expect(errorTitle(404)).toBe("Page Not Found");
    expect(errorTitle(500)).toBe("Something went wrong");
    expect(errorTitle(503)).toBe("Something went wrong");
    expect(errorMessage(500)).toBe(SERVER_ERROR_MESSAGE);
    expect(errorMessage(404)).toBe(NOT_FOUND_MESSAGE);
  });
});
