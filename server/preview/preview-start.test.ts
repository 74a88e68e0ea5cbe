import { describe, expect, it } from "vitest";
import {
  enterPreview,
  PREVIEW_LEFT_ATTRIBUTE,
  previewStartNames,
  previewStartScript,
} from "./preview-start";

const ORIGIN = "https://id5.io";
const LINK = "/_preview/page.abc.x.y.sig";

/** A window as far as the preview's start reads and changes it. */
function fakeWindow() {
  let href = `${ORIGIN}${LINK}`;
  const addresses: string[] = [];
  const listeners = new Map<string, ((event: Event) => void)[]>();
  const fetched: string[] = [];
  const attributes = new Set<string>();
  let reloads = 0;
  const win = {
    location: {
      get href() {
        return href;
      },
      get pathname() {
        return new URL(href).pathname;
      },
      get hash() {
        return new URL(href).hash;
      },
      origin: ORIGIN,
      reload: () => {
        reloads++;
      },
      assign: (to: string) => {
        href = new URL(to, href).href;
      },
    },
    history: {
      state: { idx: 0 },
      replaceState: (_state: unknown, _title: string, url: string) => {
        href = new URL(url, href).href;
        addresses.push(new URL(href).pathname);
      },
    },
    document: {
      documentElement: { setAttribute: (name: string) => attributes.add(name) },
    },
    addEventListener: (type: string, listener: (event: Event) => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    fetch: (input: string) => {
      fetched.push(input);
      return Promise.resolve(new Response("{}"));
    },
  };
  const dispatch = (type: string) => {
    let stopped = false;
    const event = { stopImmediatePropagation: () => (stopped = true) } as unknown as Event;
    for (const listener of listeners.get(type) ?? []) listener(event);
    return stopped;
  };
  return {
    win,
    addresses,
    fetched,
    attributes,
    dispatch,
    go: (path: string) => {
      href = `${ORIGIN}${path}`;
    },
    reloads: () => reloads,
  };
}

function fakeRouter(pathname: string) {
  const subscribers: (() => void)[] = [];
  const router = {
    state: { location: { pathname } },
    subscribe: (listener: () => void) => {
      subscribers.push(listener);
      return () => {};
    },
    navigate: (to: string) => {
      router.state.location.pathname = to;
      for (const listener of subscribers) listener();
    },
  };
  return router;
}

describe("enterPreview", () => {
  it("starts the router on the page's path, then puts the link back once the router exists", () => {
    const w = fakeWindow();
    enterPreview(w.win as unknown as Window, previewStartNames("/about"));
    expect(w.addresses).toEqual(["/about"]);
    (w.win as unknown as { __reactRouterDataRouter: unknown }).__reactRouterDataRouter =
      fakeRouter("/about");
    expect(w.addresses).toEqual(["/about", LINK]);
    expect(w.win.location.pathname).toBe(LINK);
  });

  it("says the preview is left once the router goes to another page, and reloads on the way back", () => {
    const w = fakeWindow();
    enterPreview(w.win as unknown as Window, previewStartNames("/about"));
    const router = fakeRouter("/about");
    (w.win as unknown as { __reactRouterDataRouter: unknown }).__reactRouterDataRouter = router;
    // A fragment of the preview: the router must not see a /_preview path, nothing reloads.
    expect(w.dispatch("popstate")).toBe(true);
    expect(w.reloads()).toBe(0);
    router.navigate("/contact");
    w.go("/contact");
    expect(w.attributes.has(PREVIEW_LEFT_ATTRIBUTE)).toBe(true);
    // Back from a public page to the link's entry: the preview, loaded again.
    w.go(LINK);
    expect(w.dispatch("popstate")).toBe(true);
    expect(w.reloads()).toBe(1);
    // Between public pages the router handles the back button itself.
    w.go("/news");
    expect(w.dispatch("popstate")).toBe(false);
  });

  it("never fetches the previewed page's own data; any other request goes through", async () => {
    const w = fakeWindow();
    enterPreview(w.win as unknown as Window, previewStartNames("/about"));
    const guarded = w.win.fetch as (input: string) => Promise<Response>;
    await expect(guarded("/about.data?_routes=routes%2Fpage")).rejects.toThrow(TypeError);
    await expect(guarded(`${ORIGIN}/about.data`)).rejects.toThrow(TypeError);
    await guarded("/contact.data");
    await guarded("https://elsewhere.example/about.data");
    expect(w.fetched).toEqual(["/contact.data", "https://elsewhere.example/about.data"]);
  });

  it("guards the home page's data by its own address", async () => {
    const w = fakeWindow();
    enterPreview(w.win as unknown as Window, previewStartNames("/"));
    const guarded = w.win.fetch as (input: string) => Promise<Response>;
    await expect(guarded("/_.data")).rejects.toThrow(TypeError);
  });

  it("keeps the link for the preview's other scripts", () => {
    const w = fakeWindow();
    enterPreview(w.win as unknown as Window, previewStartNames("/about"));
    expect((w.win as unknown as Record<string, unknown>).id5PreviewLink).toBe(LINK);
  });
});

describe("previewStartScript", () => {
  it("runs on its own (nothing from outside its text) and no path closes its element", () => {
    const script = previewStartScript("/news/a</script><b>");
    expect(script).not.toContain("</script");
    const w = fakeWindow();
    new Function("window", script)(w.win);
    expect(w.addresses).toEqual(["/news/a%3C/script%3E%3Cb%3E"]);
  });
});
