import { describe, expect, it } from "vitest";
import { HEADER_LINKS, LOGIN_URL, SOCIAL_LINKS } from "~/config/site";
import { byAttr, byClass, byTag, linksOf, renderDom } from "../../../tests/support/markup";
import { Header, LOGO_LINK_LABEL } from "./header";
import { InteractiveMobileMenu, LOGIN_LABEL, MOBILE_MENU_ID } from "./mobile-menu";

const EXPECTED_NAV = [
  { label: "About", href: "/about" },
  { label: "Technology", href: "/technology" },
  { label: "Solutions", href: "/solutions" },
  { label: "Resources", href: "/resources" },
  { label: "News", href: "/news" },
  { label: "Contact", href: "/contact" },
];

describe("Header", () => {
  const dom = renderDom(<Header />, "/news");
  const header = dom.one(byTag("header"));

  it("server-renders expanded", () => {
    expect(header.attribs["data-compact"]).toBe("false");
  });

  it("links the logo, named 'ID5 home', to /", () => {
    const logo = dom.one(byAttr("aria-label", LOGO_LINK_LABEL), header);
    expect(LOGO_LINK_LABEL).toBe("ID5 home");
    expect(logo.name).toBe("a");
    expect(logo.attribs.href).toBe("/");
  });

  it("has exactly the six section links, in order", () => {
    const nav = dom.one(byClass("site-header__nav"), header);
    expect(linksOf(nav).map(({ label, href }) => ({ label, href }))).toEqual(EXPECTED_NAV);
    expect(HEADER_LINKS).toEqual(EXPECTED_NAV);
  });

  it("marks the current section", () => {
    const nav = dom.one(byClass("site-header__nav"), header);
    const current = dom.all(byAttr("aria-current", "page"), nav);
    expect(current.map((a) => a.attribs.href)).toEqual(["/news"]);
  });

  it("has an external Login link that opens in the same tab", () => {
    const login = dom.one(byClass("site-header__login"), header);
    expect(login.attribs.href).toBe(LOGIN_URL);
    expect(login.attribs.target).toBeUndefined();
    expect(dom.html).toContain(`>${LOGIN_LABEL}</a>`);
  });

  it("renders the no-JavaScript menu as a <details> disclosure with every link", () => {
    const details = dom.one(byTag("details"), header);
    dom.one(byTag("summary"), details);
    const panel = dom.one(byAttr("id", MOBILE_MENU_ID), details);
    expect(panel.attribs["data-open"]).toBe("false");
    const links = linksOf(panel);
    expect(links.slice(0, 6).map(({ label, href }) => ({ label, href }))).toEqual(EXPECTED_NAV);
    expect(links[6]).toMatchObject({ href: LOGIN_URL, target: undefined });
  });
});

describe("InteractiveMobileMenu", () => {
  const render = (props: { compact: boolean; defaultOpen?: boolean }) => {
    const dom = renderDom(<InteractiveMobileMenu {...props} />);
    return {
      dom,
      toggle: dom.one(byTag("button")),
      panel: dom.one(byAttr("id", MOBILE_MENU_ID)),
    };
  };

  it("has a closed toggle named 'Open menu' that controls the panel", () => {
    const { toggle, panel } = render({ compact: false });
    expect(toggle.attribs).toMatchObject({
      type: "button",
      "aria-expanded": "false",
      "aria-controls": MOBILE_MENU_ID,
      "aria-label": "Open menu",
    });
    expect(panel.attribs["data-open"]).toBe("false");
    expect("hidden" in panel.attribs).toBe(true);
  });

  it("is named 'Close menu' and shown when open", () => {
    const { toggle, panel } = render({ compact: false, defaultOpen: true });
    expect(toggle.attribs["aria-expanded"]).toBe("true");
    expect(toggle.attribs["aria-label"]).toBe("Close menu");
    expect(panel.attribs["data-open"]).toBe("true");
    expect("hidden" in panel.attribs).toBe(false);
  });

  it("sits 140 px down below the expanded header and 120 px below the compact one", () => {
    expect(render({ compact: false }).panel.attribs.style).toBe("top:140px");
    expect(render({ compact: true }).panel.attribs.style).toBe("top:120px");
  });

  it("contains the six links, Login and the three social links in new tabs", () => {
    const links = linksOf(render({ compact: false, defaultOpen: true }).panel);
    expect(links.slice(0, 6).map(({ label, href }) => ({ label, href }))).toEqual(EXPECTED_NAV);
    expect(links[6]).toEqual({
      label: LOGIN_LABEL,
      href: LOGIN_URL,
      target: undefined,
      rel: undefined,
    });
    expect(links.slice(7)).toEqual(
      SOCIAL_LINKS.map((s) => ({
        label: "",
        href: s.href,
        target: "_blank",
        rel: "noopener noreferrer",
      })),
    );
    expect(links).toHaveLength(10);
  });

  it("names each social icon link", () => {
    const { dom, panel } = render({ compact: false, defaultOpen: true });
    const names = dom
      .all((el) => el.name === "a" && el.attribs.target === "_blank", panel)
      .map((a) => a.attribs["aria-label"]);
    expect(names).toEqual([
      "ID5 on LinkedIn (opens in a new tab)",
      "ID5 on Instagram (opens in a new tab)",
      "ID5 on X (opens in a new tab)",
    ]);
  });
});
