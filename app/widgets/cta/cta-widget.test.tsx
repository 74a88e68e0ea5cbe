import { describe, expect, it } from "vitest";
import { isExternalHref } from "~/components/ui/href";
import { renderMarkup } from "../../../tests/support/markup";
import { CtaWidget, NEW_TAB_HINT } from "./cta-widget";

describe("CtaWidget", () => {
  it("renders an internal href as a router link without target", () => {
    const html = renderMarkup(<CtaWidget href="/contact" label="Talk to our team" />);
    expect(html).toMatch(
      /^<p class="w-cta" data-widget="cta"><a class="w-cta__link" href="\/contact"/,
    );
    expect(html).toContain("data-discover");
    expect(html).toContain("<span>Talk to our team</span>");
    expect(html).not.toContain("target=");
  });

  it("opens http(s) hrefs in a new tab with rel=noopener noreferrer and says so", () => {
    const html = renderMarkup(
      <CtaWidget href="https://console.id5.io/signup" label="Create an account" />,
    );
    expect(html).toContain(
      '<a class="w-cta__link" href="https://console.id5.io/signup" target="_blank" rel="noopener noreferrer">',
    );
    expect(html).toContain(` <span class="visually-hidden">${NEW_TAB_HINT}</span>`);
  });

  it("renders other hrefs as plain same-tab anchors", () => {
    const html = renderMarkup(<CtaWidget href="mailto:sales@id5.io" label="Email sales" />);
    expect(html).toContain('<a class="w-cta__link" href="mailto:sales@id5.io">');
    expect(html).not.toContain("_blank");
  });

  it("isExternalHref: hrefs starting with http(s)", () => {
    expect(isExternalHref("https://id5.io")).toBe(true);
    expect(isExternalHref("http://id5.io")).toBe(true);
    expect(isExternalHref("/solutions")).toBe(false);
    expect(isExternalHref("#tabs-media-owners")).toBe(false);
  });
});
