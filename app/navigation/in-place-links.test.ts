import { describe, expect, it } from "vitest";
import { inPlaceLinkPath, type LinkClick } from "./in-place-links";

const PAGE = { origin: "https://id5.io", pathname: "/about", search: "" };

/** A fake link element: its attributes, and closest() finding it from inside. */
function linkWith(attributes: Record<string, string>) {
  const link = {
    getAttribute: (name: string) => attributes[name] ?? null,
    hasAttribute: (name: string) => name in attributes,
    closest: (selector: string) => (selector === "a[href]" && "href" in attributes ? link : null),
  };
  return link as unknown as Element;
}

function click(target: unknown, changes: Partial<LinkClick> = {}): LinkClick {
  return {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    target: target as EventTarget,
    ...changes,
  };
}

describe("inPlaceLinkPath", () => {
  it("navigates in place to a page of this site, query and hash kept", () => {
    expect(inPlaceLinkPath(click(linkWith({ href: "/trust/cookie-policy" })), PAGE)).toBe(
      "/trust/cookie-policy",
    );
    expect(inPlaceLinkPath(click(linkWith({ href: "/news?p=2#top" })), PAGE)).toBe("/news?p=2#top");
    expect(inPlaceLinkPath(click(linkWith({ href: "https://id5.io/about/" })), PAGE)).toBe(
      "/about/",
    );
    expect(inPlaceLinkPath(click(linkWith({ href: "/x", target: "_self" })), PAGE)).toBe("/x");
  });

  it("finds the link from an element inside it", () => {
    const link = linkWith({ href: "/trust/cookie-policy" });
    const inside = { closest: (selector: string) => link.closest(selector) };
    expect(inPlaceLinkPath(click(inside), PAGE)).toBe("/trust/cookie-policy");
  });

  it("leaves to the browser what a visitor means differently", () => {
    const link = linkWith({ href: "/trust/cookie-policy" });
    for (const changes of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ]) {
      expect(inPlaceLinkPath(click(link, changes), PAGE), JSON.stringify(changes)).toBeNull();
    }
  });

  it("leaves links that open elsewhere, download, leave the site or jump within the page", () => {
    const links: Record<string, string>[] = [
      { href: "/trust/cookie-policy", target: "_blank" },
      { href: "/site-agreement.pdf", download: "" },
      { href: "https://id5-sync.com/privacy" },
      { href: "//example.com/x" },
      { href: "mailto:privacy@id5.io" },
      { href: "#consent" },
      { href: "/about#team" },
    ];
    for (const attributes of links) {
      expect(inPlaceLinkPath(click(linkWith(attributes)), PAGE), attributes.href).toBeNull();
    }
  });

  it("ignores clicks that are not on a link", () => {
    expect(inPlaceLinkPath(click(linkWith({})), PAGE)).toBeNull();
    expect(inPlaceLinkPath(click(null), PAGE)).toBeNull();
    expect(inPlaceLinkPath(click({}), PAGE)).toBeNull();
  });
});
