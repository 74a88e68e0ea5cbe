// What a page fetches before its first paint: its document and its stylesheet, nothing else
// (docs/decisions/0013-first-paint.md). The app's scripts (105 KB, fetched ahead of the
// stylesheet, they decided when the page painted) wait: the rendered HTML is rewritten here
// (entry.server.tsx) without module preloads, its module script inert in a <template> until an
// inline script puts it back after the first contentful paint. The web fonts wait too, in a
// browser that has not fetched them: the page shows metric-matched local faces and fetches the
// files into the HTTP cache after load, for the next navigation (swapping them in would shift
// the text); a browser that has them (a flag in localStorage) uses them at once.
// `afterFirstPaint` is serialised with Function#toString: it must not use anything from outside
// its own body. The CSP allows it, and the template's module script, by hash.
import { FONT_URLS, FONTS_VERSION } from "~/styles/fonts";

export interface AfterFirstPaintConfig {
  /** id of the <template> that holds React Router's module script. */
  entryTemplateId: string;
  /** <html> attribute that keeps the page on the local faces while it is `later`. */
  fontsAttribute: string;
  /** localStorage key whose value is the version of the fonts this browser has fetched. */
  fontsKey: string;
  fontsVersion: string;
  /** The web font files to fetch after the first paint. */
  fontUrls: readonly string[];
  /** Start the app this long after `load` if no first contentful paint was reported by then. */
  fallbackMs: number;
}

export const FIRST_PAINT_CONFIG: AfterFirstPaintConfig = {
  entryTemplateId: "app-entry",
  fontsAttribute: "data-fonts",
  fontsKey: "id5:fonts",
  fontsVersion: FONTS_VERSION,
  fontUrls: Object.values(FONT_URLS),
  fallbackMs: 3000,
};

/**
 * Runs in the document head, before the body is parsed. Puts the page on the local faces unless
 * this browser has fetched the web fonts; once the page has painted and its body is parsed,
 * starts the app and fetches the fonts.
 */
export function afterFirstPaint(win: Window, doc: Document, config: AfterFirstPaintConfig): void {
  const root = doc.documentElement;
  let fontsFetched = false;
  try {
    fontsFetched = win.localStorage.getItem(config.fontsKey) === config.fontsVersion;
  } catch {
    // Storage refused: the fonts are fetched after the paint on every page.
  }
  if (!fontsFetched) root.setAttribute(config.fontsAttribute, "later");

  const fetchFonts = () => {
    const fetchFile = (url: string) =>
      win
        .fetch(url, { priority: "low" } as RequestInit)
        .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject()));
    Promise.all(config.fontUrls.map(fetchFile)).then(
      () => {
        try {
          win.localStorage.setItem(config.fontsKey, config.fontsVersion);
        } catch {
          // Not remembered: fetched again (from the HTTP cache) on the next page.
        }
        // An in-app navigation to another page replaces the page anyway: the fonts come in
        // with the next one (not with the router's replaceState calls or a jump to an anchor).
        const navigation = (win as Window & { navigation?: EventTarget }).navigation;
        const onNavigate = (event: Event) => {
          const { navigationType, hashChange } = event as Event & {
            navigationType?: string;
            hashChange?: boolean;
          };
          if (hashChange || (navigationType !== "push" && navigationType !== "traverse")) return;
          navigation?.removeEventListener("navigate", onNavigate);
          root.removeAttribute(config.fontsAttribute);
        };
        navigation?.addEventListener("navigate", onNavigate);
      },
      () => {
        // The local faces stay.
      },
    );
  };
  let started = false;
  let painted = false;
  let parsed = doc.readyState !== "loading";
  const start = () => {
    if (started || !painted || !parsed) return;
    started = true;
    const template = doc.getElementById(config.entryTemplateId) as HTMLTemplateElement | null;
    // A script moved out of a template runs when it enters the document.
    if (template?.content) template.replaceWith(template.content);
    if (fontsFetched || !win.fetch) return;
    // The app's scripts first, the fonts once the page has loaded.
    if (doc.readyState === "complete") fetchFonts();
    else win.addEventListener("load", fetchFonts);
  };
  const onPaint = () => {
    painted = true;
    start();
  };
  if (!parsed) {
    doc.addEventListener("DOMContentLoaded", () => {
      parsed = true;
      start();
    });
  }
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver })
    .PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes("paint")) {
    const observer = new Observer((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      onPaint();
    });
    observer.observe({ type: "paint", buffered: true });
    // A browser that never reports the paint (a page without text?) still gets its app.
    win.addEventListener("load", () => win.setTimeout(onPaint, config.fallbackMs));
  } else {
    // Without paint timing: after the next frame.
    win.requestAnimationFrame(() => win.setTimeout(onPaint, 0));
  }
}

/** The inline script for the document head. */
export function afterFirstPaintScript(config: AfterFirstPaintConfig = FIRST_PAINT_CONFIG): string {
  const id = JSON.stringify(config.entryTemplateId);
  // Should the script fail, the app still starts once the body is parsed.
  const fallback = `document.addEventListener("DOMContentLoaded",function(){var t=document.getElementById(${id});t&&t.content&&t.replaceWith(t.content)})`;
  return `try{(${afterFirstPaint.toString()})(window,document,${JSON.stringify(config)})}catch(e){${fallback}}`;
}

/** React Router's module preloads (`<Scripts/>`; React hoists them into the head). */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT_START = '<script type="module"';
const SCRIPT_END = "</script>";
/** What tells React Router's module script from any other. */
const ROUTER_MODULE_MARKER = "window.__reactRouterRouteModules";
const STYLESHEET_LINK = '<link rel="stylesheet"';

/** Where React Router's module script is in `html`: [start, end) of the element. */
function findRouterModuleScript(html: string): [number, number] | null {
  let from = 0;
  for (;;) {
    const start = html.indexOf(MODULE_SCRIPT_START, from);
    if (start < 0) return null;
    const close = html.indexOf(SCRIPT_END, start);
    if (close < 0) return null;
    const end = close + SCRIPT_END.length;
    if (html.slice(start, end).includes(ROUTER_MODULE_MARKER)) return [start, end];
    from = end;
  }
}

/**
 * The rendered document with the app's scripts held until the first paint: no module
 * preloads, React Router's module script inside `<template id=…>`, and the inline script of
 * `afterFirstPaint` in the head before the stylesheet (an inline script after a stylesheet
 * would wait for it). A document without React Router's module script is returned as it is.
 */
export function holdScriptsUntilFirstPaint(
  html: string,
  config: AfterFirstPaintConfig = FIRST_PAINT_CONFIG,
): string {
  const found = findRouterModuleScript(html);
  if (!found) return html;
  const [start, end] = found;
  const held = `${html.slice(0, start)}<template id="${config.entryTemplateId}">${html.slice(start, end)}</template>${html.slice(end)}`;
  const withoutPreloads = held.replace(MODULE_PRELOAD, "");
  const head = withoutPreloads.indexOf("</head>");
  const stylesheet = withoutPreloads.indexOf(STYLESHEET_LINK);
  const at = stylesheet >= 0 && (head < 0 || stylesheet < head) ? stylesheet : head;
  if (at < 0) return withoutPreloads;
  const script = `<script>${afterFirstPaintScript(config)}</script>`;
  return `${withoutPreloads.slice(0, at)}${script}${withoutPreloads.slice(at)}`;
}
