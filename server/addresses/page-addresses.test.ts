import { describe, expect, it } from "vitest";
import { dataRequestOfPage } from "../../app/navigation/page-paths";
import {
  filesAnsweringRequest,
  filesOfPage,
  pageOfRequestPath,
  requestPathOfFile,
} from "./page-addresses";

describe("page addresses", () => {
  it("names the page a request belongs to", () => {
    expect(pageOfRequestPath("/about.data")).toBe("/about");
    expect(pageOfRequestPath("/_.data")).toBe("/");
    expect(pageOfRequestPath("/about/")).toBe("/about");
    expect(pageOfRequestPath("/news/feed.atom")).toBe("/news/feed.atom");
  });

  it("names the files a page is written to, and the request each file answers", () => {
    expect(filesOfPage("/")).toEqual({ html: "index.html", data: "_.data" });
    expect(filesOfPage("/news/x")).toEqual({ html: "news/x/index.html", data: "news/x.data" });
    for (const page of ["/", "/about", "/news/x"]) {
      const { html, data } = filesOfPage(page);
      expect(requestPathOfFile(html)).toBe(page);
      expect(requestPathOfFile(data)).toBe(dataRequestOfPage(page));
    }
    expect(requestPathOfFile("news/feed.xml")).toBe("/news/feed.xml");
  });

  it("finds the files that may answer a request, and none for a trailing slash or index.html", () => {
    expect(filesAnsweringRequest("/about")).toEqual({
      html: "about/index.html",
      other: "about",
    });
    expect(filesAnsweringRequest("/about.data").other).toBe("about.data");
    expect(filesAnsweringRequest("/about/")).toEqual({});
    expect(filesAnsweringRequest("/about/index.html").other).toBeUndefined();
  });
});
