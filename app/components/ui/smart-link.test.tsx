import { describe, expect, it } from "vitest";
import { byTag, renderDom } from "../../../tests/support/markup";
import { ButtonLink } from "./button";
import { EXTERNAL_LINK_REL, isExternalHref, isInternalHref } from "./href";
import { SmartLink } from "./smart-link";

describe("isExternalHref / isInternalHref", () => {
  it("treats absolute http(s) URLs as external", () => {
    expect(isExternalHref("https://console.id5.io/login")).toBe(true);
    expect(isExternalHref("http://example.com")).toBe(true);
    expect(isExternalHref("/about")).toBe(false);
    expect(isExternalHref("mailto:hello@id5.io")).toBe(false);
  });
  it("routes site paths in-app but not protocol-relative URLs", () => {
    expect(isInternalHref("/about#values")).toBe(true);
    expect(isInternalHref("//evil.example")).toBe(false);
    expect(isInternalHref("https://id5.io")).toBe(false);
  });
});

describe("SmartLink", () => {
  it("renders site paths as plain hrefs without a target", () => {
    const a = renderDom(<SmartLink href="/about#values">Values</SmartLink>).one(byTag("a"));
    expect(a.attribs.href).toBe("/about#values");
    expect(a.attribs.target).toBeUndefined();
  });
  it("opens http(s) links in a new tab with noopener noreferrer", () => {
    const a = renderDom(<SmartLink href="https://x.com/id5io">X</SmartLink>).one(byTag("a"));
    expect(a.attribs).toMatchObject({ target: "_blank", rel: EXTERNAL_LINK_REL });
    expect(EXTERNAL_LINK_REL).toBe("noopener noreferrer");
  });
  it("keeps an external link in the same tab when told to", () => {
    const a = renderDom(
      <SmartLink href="https://console.id5.io/login" newTab={false}>
        Login
      </SmartLink>,
    ).one(byTag("a"));
    expect(a.attribs.target).toBeUndefined();
    expect(a.attribs.rel).toBeUndefined();
  });
  it("gives ButtonLink the button classes", () => {
    const a = renderDom(
      <ButtonLink href="/contact" variant="accent" size="lg">
        Contact
      </ButtonLink>,
    ).one(byTag("a"));
    expect(a.attribs.class).toBe("button button--accent button--lg");
  });
});
