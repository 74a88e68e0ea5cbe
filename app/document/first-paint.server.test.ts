// The rewrite of the rendered document, and the inline script it adds, run as the browser would
// run it (serialised, against a stand-in window and document). The browser side end to end:
// tests/e2e/first-paint.spec.ts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FONT_URLS, FONTS_VERSION } from "~/styles/fonts";
import {
  type AfterFirstPaintConfig,
  afterFirstPaintScript,
  FIRST_PAINT_CONFIG,
  holdScriptsUntilFirstPaint,
} from "./first-paint.server";

const ROUTER_MODULE_SCRIPT =
  '<script type="module" async="">;\nimport * as route0 from "/assets/root-A.js";\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-B.js");</script>';

/** A document shaped as React Router and React write it (hoisted links first in the head). */
const DOCUMENT = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<meta name="viewport" content="width=device-width, initial-scale=1"/><title>Home</title>',
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
  '<link rel="modulepreload" href="/assets/entry.client-B.js"/>',
  '<link rel="modulepreload" href="/assets/framework-C.js"/>',
  "<script>window.consent=1</script>",
  '<link rel="stylesheet" href="/assets/shell-D.css"/></head>',
  '<body><main><h1>Home</h1><script type="module">import "/assets/other.js"</script></main>',
  "<script>window.__reactRouterContext = {};</script>",
  ROUTER_MODULE_SCRIPT,
  '<script>window.__reactRouterContext.streamController.enqueue("[]");</script>',
  "</body></html>",
].join("");

describe("holdScriptsUntilFirstPaint", () => {
  const held = holdScriptsUntilFirstPaint(DOCUMENT);

  it("leaves out React Router's module preloads", () => {
    expect(held).not.toContain("modulepreload");
    expect(held).toContain('<link rel="icon" href="/favicon.svg"');
  });

  it("keeps React Router's module script, unchanged, in the template the inline script empties", () => {
    expect(held).toContain(
      `<template id="${FIRST_PAINT_CONFIG.entryTemplateId}">${ROUTER_MODULE_SCRIPT}</template>`,
    );
    // In its place: before the streamed data, after the router context.
    expect(held.indexOf("__reactRouterContext = {}")).toBeLessThan(held.indexOf("<template"));
    expect(held.indexOf("</template>")).toBeLessThan(held.indexOf("enqueue("));
    // Any other module script stays as it is.
    expect(held).toContain('<main><h1>Home</h1><script type="module">import "/assets/other.js"');
  });

  it("puts the inline script in the head after the other inline scripts, right before the stylesheet", () => {
    const script = `<script>${afterFirstPaintScript()}</script>`;
    expect(held).toContain(
      `<script>window.consent=1</script>${script}<link rel="stylesheet" href="/assets/shell-D.css"/></head>`,
    );
  });

  it("changes nothing in a document without React Router's module script", () => {
    const other = DOCUMENT.replace(ROUTER_MODULE_SCRIPT, "");
    expect(holdScriptsUntilFirstPaint(other)).toBe(other);
  });

  it("puts the inline script at the end of the head when there is no stylesheet", () => {
    const noCss = DOCUMENT.replace('<link rel="stylesheet" href="/assets/shell-D.css"/>', "");
    expect(holdScriptsUntilFirstPaint(noCss)).toContain(
      `<script>${afterFirstPaintScript()}</script></head>`,
    );
  });
});

/** The font files, fetched at low priority. */
const fontUrlsFetched = () => Object.values(FONT_URLS).map((url) => `${url} low`);

/** A browser as far as the inline script sees it; `paint()`, `parse()` and `load()` move it on. */
function fakeBrowser(options: {
  stored?: string | null;
  storage?: "works" | "throws";
  paintTiming?: boolean;
  navigationApi?: boolean;
  missingFont?: string;
}) {
  const attributes = new Map<string, string>();
  const stored = new Map<string, string>();
  if (options.stored) stored.set(FIRST_PAINT_CONFIG.fontsKey, options.stored);
  const listeners = new Map<string, ((event?: unknown) => void)[]>();
  const on = (target: string) => (type: string, listener: (event?: unknown) => void) => {
    const key = `${target}:${type}`;
    listeners.set(key, [...(listeners.get(key) ?? []), listener]);
  };
  const fire = (key: string, event?: unknown) => {
    for (const listener of listeners.get(key) ?? []) listener(event);
  };
  const timers: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const fontLoads: string[] = [];
  let entryStarted = 0;
  let observer: ((list: { getEntriesByName(name: string): unknown[] }) => void) | null = null;
  const doc = {
    readyState: "loading",
    documentElement: {
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      removeAttribute: (name: string) => attributes.delete(name),
    },
    addEventListener: on("document"),
    getElementById: (id: string) =>
      id === FIRST_PAINT_CONFIG.entryTemplateId && doc.readyState !== "loading" && !entryStarted
        ? {
            content: { childNodes: ["script"] },
            replaceWith: () => {
              entryStarted += 1;
            },
          }
        : null,
    fonts: {
      load: (font: string) => {
        fontLoads.push(font);
        return Promise.resolve(
          options.missingFont && font.includes(options.missingFont) ? [] : [{}],
        );
      },
    },
  };
  const storage = {
    getItem: (key: string) => {
      if (options.storage === "throws") throw new Error("SecurityError");
      return stored.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (options.storage === "throws") throw new Error("SecurityError");
      stored.set(key, value);
    },
  };
  class FakeObserver {
    static supportedEntryTypes = options.paintTiming === false ? [] : ["paint", "longtask"];
    constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
      observer = callback;
    }
    observe() {}
    disconnect() {
      observer = null;
    }
  }
  const win = {
    fetch: (url: string, init: { priority?: string }) => {
      fontLoads.push(`${url} ${init.priority}`);
      const ok = !(options.missingFont && url.includes(options.missingFont));
      return Promise.resolve({ ok, arrayBuffer: () => Promise.resolve(new ArrayBuffer(8)) });
    },
    localStorage: storage,
    PerformanceObserver: FakeObserver,
    addEventListener: on("window"),
    setTimeout: (callback: () => void) => timers.push(callback),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    ...(options.navigationApi === false
      ? {}
      : {
          navigation: {
            addEventListener: on("navigation"),
            removeEventListener: (type: string, listener: (event?: unknown) => void) =>
              listeners.set(
                `navigation:${type}`,
                (listeners.get(`navigation:${type}`) ?? []).filter((l) => l !== listener),
              ),
          },
        }),
  };
  const config: AfterFirstPaintConfig = FIRST_PAINT_CONFIG;
  return {
    attributes,
    stored,
    fontLoads,
    entryStarts: () => entryStarted,
    run: () => new Function("window", "document", afterFirstPaintScript(config))(win, doc),
    paint: () =>
      observer?.({
        getEntriesByName: (name: string) => (name === "first-contentful-paint" ? [{}] : []),
      }),
    otherPaint: () =>
      observer?.({ getEntriesByName: (name: string) => (name === "first-paint" ? [{}] : []) }),
    parse: () => {
      doc.readyState = "interactive";
      fire("document:DOMContentLoaded");
    },
    load: () => {
      doc.readyState = "complete";
      fire("window:load");
    },
    runTimers: () => {
      for (const callback of timers.splice(0)) callback();
    },
    runFrames: () => {
      for (const callback of frames.splice(0)) callback();
    },
    navigate: (event: { navigationType: string; hashChange?: boolean }) =>
      fire("navigation:navigate", event),
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
}

describe("the inline script", () => {
  it("starts the app only once the page has painted and its body is parsed, whichever is last", () => {
    const browser = fakeBrowser({});
    browser.run();
    browser.parse();
    expect(browser.entryStarts()).toBe(0);
    browser.otherPaint();
    expect(browser.entryStarts()).toBe(0);
    browser.paint();
    expect(browser.entryStarts()).toBe(1);

    const paintedFirst = fakeBrowser({});
    paintedFirst.run();
    paintedFirst.paint();
    expect(paintedFirst.entryStarts()).toBe(0);
    paintedFirst.parse();
    expect(paintedFirst.entryStarts()).toBe(1);
    paintedFirst.load();
    paintedFirst.runTimers();
    expect(paintedFirst.entryStarts()).toBe(1);
  });

  it("starts the app after load and a wait when no first contentful paint is reported", () => {
    const browser = fakeBrowser({});
    browser.run();
    browser.parse();
    browser.load();
    expect(browser.entryStarts()).toBe(0);
    browser.runTimers();
    expect(browser.entryStarts()).toBe(1);
  });

  it("without paint timing, starts the app after the next frame", () => {
    const browser = fakeBrowser({ paintTiming: false });
    browser.run();
    browser.parse();
    expect(browser.entryStarts()).toBe(0);
    browser.runFrames();
    browser.runTimers();
    expect(browser.entryStarts()).toBe(1);
  });

  it("on a browser without the fonts: local faces, fonts fetched after the paint, shown from the next page navigation", async () => {
    const browser = fakeBrowser({});
    browser.run();
    expect(browser.attributes.get("data-fonts")).toBe("later");
    browser.parse();
    browser.paint();
    expect(browser.fontLoads).toEqual([]); // not before the page has loaded
    browser.load();
    expect(browser.fontLoads).toEqual(fontUrlsFetched());
    await browser.settle();
    expect(browser.stored.get(FIRST_PAINT_CONFIG.fontsKey)).toBe(FONTS_VERSION);
    // The router's own history writes and jumps within the page keep the local faces.
    browser.navigate({ navigationType: "replace" });
    browser.navigate({ navigationType: "push", hashChange: true });
    expect(browser.attributes.get("data-fonts")).toBe("later");
    browser.navigate({ navigationType: "push" });
    expect(browser.attributes.has("data-fonts")).toBe(false);
  });

  it("on a browser that has fetched these fonts: the fonts from the start, nothing fetched later", async () => {
    const browser = fakeBrowser({ stored: FONTS_VERSION });
    browser.run();
    expect(browser.attributes.has("data-fonts")).toBe(false);
    browser.parse();
    browser.paint();
    browser.load();
    await browser.settle();
    expect(browser.entryStarts()).toBe(1);
    expect(browser.fontLoads).toEqual([]);
  });

  it("fetches new font files when the stored version is another", () => {
    const browser = fakeBrowser({ stored: "inter-old.woff2 manrope-old.woff2" });
    browser.run();
    expect(browser.attributes.get("data-fonts")).toBe("later");
  });

  it("remembers nothing and keeps the local faces when a font did not load", async () => {
    const browser = fakeBrowser({ missingFont: "manrope" });
    browser.run();
    browser.parse();
    browser.load();
    browser.paint();
    await browser.settle();
    expect(browser.stored.size).toBe(0);
    browser.navigate({ navigationType: "push" });
    expect(browser.attributes.get("data-fonts")).toBe("later");
  });

  it("works without storage and without the Navigation API", async () => {
    const browser = fakeBrowser({ storage: "throws", navigationApi: false });
    browser.run();
    expect(browser.attributes.get("data-fonts")).toBe("later");
    browser.parse();
    browser.load();
    browser.paint();
    await browser.settle();
    expect(browser.entryStarts()).toBe(1);
    expect(browser.fontLoads).toEqual(fontUrlsFetched());
  });
});

describe("the fonts", () => {
  const css = readFileSync(new URL("../styles/global.css", import.meta.url), "utf8");
  const tokens = readFileSync(new URL("../styles/tokens.css", import.meta.url), "utf8");

  const webFaces = [...css.matchAll(/@font-face \{[^}]*\}/g)]
    .map(([rule]) => rule)
    .filter((rule) => rule.includes(".woff2"));

  it("are the files global.css's web font faces use, with font-display: optional", () => {
    expect(webFaces).toHaveLength(Object.keys(FONT_URLS).length);
    for (const url of Object.values(FONT_URLS)) {
      const stem = (url.split("/").pop() ?? "").replace(/(-[\w]{8})?\.woff2$/, "");
      const face = webFaces.find((rule) => rule.includes(`${stem}.woff2`));
      expect(face, stem).toContain("font-display: optional");
    }
  });

  it("are replaced by the local faces while <html> says they come later", () => {
    const later = tokens.slice(tokens.indexOf(':root[data-fonts="later"]'));
    expect(later).toContain('--font-sans: "Inter Fallback"');
    expect(later).toContain('--font-display: "Manrope Fallback"');
    for (const face of webFaces) {
      const family = face.match(/font-family: "([^"]+)"/)?.[1] ?? "";
      expect(later.split("}")[0]).not.toContain(family);
    }
  });

  it("have a version made of their file names", () => {
    expect(FONTS_VERSION.split(" ")).toHaveLength(Object.keys(FONT_URLS).length);
    for (const name of FONTS_VERSION.split(" ")) expect(name).toMatch(/\.woff2$/);
  });
});
