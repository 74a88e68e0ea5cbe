import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CONSENT_FORM_ATTRIBUTE, CONSENT_PANEL_ID } from "./attributes";
import { ConsentBanner } from "./consent-banner";
import { CONSENT_ACTION_PATH, CONSENT_SAVED_ID } from "./consent-form";
import { escapeAttribute, renderConsentMarkup } from "./consent-markup.server";
import { DEFAULT_CONSENT_WORDING } from "./default-wording";

const wording = { ...DEFAULT_CONSENT_WORDING, version: "2026-11" };

describe("consent banner markup", () => {
  const { html, version } = renderConsentMarkup(wording, "/news?page=2");

  it("carries the version and the panel the runtime and CSS address", () => {
    expect(version).toBe("2026-11");
    expect(html).toContain(`id="${CONSENT_PANEL_ID}"`);
    expect(html).toContain(`id="${CONSENT_SAVED_ID}"`);
    expect(html).toContain('aria-labelledby="consent-title"');
  });

  it("has two forms to /consent, each returning to the page with the version", () => {
    const forms = html.match(new RegExp(`<form [^>]*${CONSENT_FORM_ATTRIBUTE}=""[^>]*>`, "g"));
    expect(forms).toHaveLength(2);
    for (const form of forms ?? []) {
      expect(form).toContain(`action="${CONSENT_ACTION_PATH}"`);
      expect(form).toContain('method="post"');
    }
    expect(html.match(/name="return" value="\/news\?page=2"/g)).toHaveLength(2);
    expect(html.match(/name="version" value="2026-11"/g)).toHaveLength(2);
  });

  it("offers accept, reject and save as submit buttons, and the three categories", () => {
    for (const value of ["accept", "reject", "save"]) {
      const button = html.match(new RegExp(`<button [^>]*value="${value}"[^>]*>`))?.[0] ?? "";
      expect(button).toContain('type="submit"');
      expect(button).toContain('name="choice"');
    }
    expect(html).toContain(wording.acceptLabel);
    expect(html).toContain(wording.rejectLabel);
    const necessary = html.match(/<input id="consent-necessary"[^>]*>/)?.[0] ?? "";
    expect(necessary).toContain("disabled");
    expect(necessary).toContain("checked");
    expect(necessary).not.toContain("name=");
    expect(html).toContain('name="analytics"');
    expect(html).toContain('name="advertising"');
  });

  it("names the categories' group with its legend, the Choose button's wording", () => {
    const fieldset = html.match(/<fieldset[^>]*>([\s\S]*?)<\/fieldset>/);
    expect(fieldset?.[0]).not.toContain("aria-labelledby");
    // The legend is the fieldset's first child, as HTML requires for it to name the group.
    expect(fieldset?.[1]).toMatch(
      new RegExp(`^<legend class="visually-hidden">${wording.chooseLabel}</legend>`),
    );
  });

  it("escapes what the CMS wrote", () => {
    const hostile = renderConsentMarkup(
      {
        ...wording,
        title: '<img src=x onerror="alert(1)">',
        body: ["</section><script>x</script>"],
      },
      '/"><script>',
    ).html;
    expect(hostile).not.toContain("<img");
    expect(hostile).not.toContain("<script");
    expect(hostile).toContain("&lt;img");
  });
});

describe("consent banner markup made once per wording", () => {
  const direct = (w: typeof wording, returnTo: string) =>
    renderToStaticMarkup(<ConsentBanner wording={w} returnTo={returnTo} />);
  const addresses = [
    "/news?page=2",
    `/contact?q="x"&y='z'<b>`,
    "/über?a=1&amp;b=2",
    "/",
    "/a?sent=1",
  ];

  it("is what React renders for the page, byte for byte, whatever its address holds", () => {
    for (const returnTo of addresses) {
      expect(renderConsentMarkup(wording, returnTo).html).toBe(direct(wording, returnTo));
    }
  });

  it("follows a changed wording rather than keeping the first one's markup", () => {
    renderConsentMarkup(wording, "/");
    const edited = { ...wording, version: "2026-12", title: `Cookies & "you"` };
    expect(renderConsentMarkup(edited, "/news").html).toBe(direct(edited, "/news"));
    expect(renderConsentMarkup(wording, "/news").html).toBe(direct(wording, "/news"));
  });

  it("escapes an attribute as React does", () => {
    const value = `a"b&c'd<e>f`;
    expect(direct(wording, value)).toContain(`value="${escapeAttribute(value)}"`);
  });
});
