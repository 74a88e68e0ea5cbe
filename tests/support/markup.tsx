// Test helpers: server-render a component inside a router (Link needs one) and query the
// resulting markup with htmlparser2.
import { DomUtils, parseDocument } from "htmlparser2";
import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";

export type HtmlElement = NonNullable<ReturnType<typeof DomUtils.findOne>>;

/** Static markup of `ui` rendered at `path` (default "/"). */
export function renderMarkup(ui: ReactNode, path = "/"): string {
  return renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

export interface RenderedDom {
  html: string;
  /** Every element matching `test`, in document order. */
  all(test: (el: HtmlElement) => boolean, within?: HtmlElement): HtmlElement[];
  /** The first element matching `test`; throws when there is none. */
  one(test: (el: HtmlElement) => boolean, within?: HtmlElement): HtmlElement;
}

export function renderDom(ui: ReactElement, path = "/"): RenderedDom {
  const html = renderMarkup(ui, path);
  const doc = parseDocument(html);
  const all: RenderedDom["all"] = (test, within) =>
    DomUtils.findAll(test, within ? within.children : doc.children);
  return {
    html,
    all,
    one(test, within) {
      const found = all(test, within)[0];
      if (!found) throw new Error(`No element matches ${test.toString()} in:\n${html}`);
      return found;
    },
  };
}

export const byTag =
  (name: string) =>
  (el: HtmlElement): boolean =>
    el.name === name;

export const byAttr =
  (name: string, value?: string) =>
  (el: HtmlElement): boolean =>
    value === undefined ? name in el.attribs : el.attribs[name] === value;

export const byClass =
  (className: string) =>
  (el: HtmlElement): boolean =>
    (el.attribs.class ?? "").split(/\s+/).includes(className);

export function text(el: HtmlElement): string {
  return DomUtils.textContent(el).replace(/\s+/g, " ").trim();
}

/** `{ label, href, target, rel }` of each <a> under `el`, for exact comparisons. */
export function linksOf(el: HtmlElement) {
  return DomUtils.findAll(byTag("a"), el.children).map((a) => ({
    label: text(a),
    href: a.attribs.href,
    target: a.attribs.target,
    rel: a.attribs.rel,
  }));
}
