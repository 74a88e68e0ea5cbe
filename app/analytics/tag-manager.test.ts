import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDLE_FALLBACK_DELAY_MS } from "../navigation/idle";
import {
  loadTagManager,
  TAG_MANAGER_ORIGIN,
  type TagManagerDocument,
  type TagManagerWindow,
  tagManagerUrl,
} from "./tag-manager";

interface FakeScript {
  tagName: string;
  async: boolean;
  src: string;
  nonce: string;
  attributes: Record<string, string>;
  setAttribute(name: string, value: string): void;
}

function fakeDocument(readyState: DocumentReadyState) {
  const head: FakeScript[] = [];
  const doc = {
    readyState,
    head: { appendChild: (el: FakeScript) => head.push(el) },
    createElement: (tagName: string): FakeScript => ({
      tagName,
      async: false,
      src: "",
      nonce: "",
      attributes: {},
      setAttribute(name, value) {
        this.attributes[name] = value;
      },
    }),
    querySelector: (selector: string) =>
      selector === "script[data-gtm-id]"
        ? (head.find((el) => "data-gtm-id" in el.attributes) ?? null)
        : null,
  };
  return { doc: doc as unknown as TagManagerDocument, head };
}

function fakeWindow(withIdleCallback: boolean) {
  const target = new EventTarget();
  const idle: (() => void)[] = [];
  const win = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    dataLayer: undefined as unknown[] | undefined,
    ...(withIdleCallback
      ? {
          requestIdleCallback: (cb: () => void) => idle.push(cb),
          cancelIdleCallback: () => {},
        }
      : {}),
  };
  return { win: win as typeof win & TagManagerWindow, idle };
}

describe("loadTagManager", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("builds the gtm.js URL", () => {
    expect(tagManagerUrl("GTM-ABC123")).toBe(`${TAG_MANAGER_ORIGIN}/gtm.js?id=GTM-ABC123`);
    expect(TAG_MANAGER_ORIGIN).toBe("https://www.googletagmanager.com");
  });

  it("with no id: no script, but the data layer exists and fills", () => {
    const { win } = fakeWindow(false);
    const { doc, head } = fakeDocument("complete");
    loadTagManager(win, doc, undefined);
    loadTagManager(win, doc, "");
    vi.runAllTimers();
    expect(head).toHaveLength(0);
    expect(Array.isArray(win.dataLayer)).toBe(true);
  });

  it("waits for load, then idle, then injects one async script", () => {
    const { win, idle } = fakeWindow(true);
    const { doc, head } = fakeDocument("loading");
    loadTagManager(win, doc, "GTM-ABC123", { nonce: "n0nce" });
    expect(head).toHaveLength(0);
    expect(idle).toHaveLength(0);
    win.dispatchEvent(new Event("load"));
    expect(head).toHaveLength(0);
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(head).toHaveLength(1);
    expect(head[0]).toMatchObject({
      tagName: "script",
      async: true,
      src: "https://www.googletagmanager.com/gtm.js?id=GTM-ABC123",
      nonce: "n0nce",
    });
    expect(win.dataLayer?.[0]).toMatchObject({ event: "gtm.js" });
  });

  it("falls back to setTimeout without requestIdleCallback, and injects once", () => {
    const { win } = fakeWindow(false);
    const { doc, head } = fakeDocument("complete");
    loadTagManager(win, doc, "GTM-ABC123");
    loadTagManager(win, doc, "GTM-ABC123");
    expect(head).toHaveLength(0);
    vi.advanceTimersByTime(IDLE_FALLBACK_DELAY_MS);
    expect(head).toHaveLength(1);
  });

  it("does not push a second gtm.start when the bootstrap script already did", () => {
    const { win } = fakeWindow(false);
    win.dataLayer = [{ "gtm.start": 1, event: "gtm.js" }];
    const { doc } = fakeDocument("complete");
    loadTagManager(win, doc, "GTM-ABC123");
    vi.runAllTimers();
    expect(win.dataLayer).toHaveLength(1);
  });

  it("can be cancelled before the script is injected", () => {
    const { win } = fakeWindow(false);
    const { doc, head } = fakeDocument("loading");
    const cancel = loadTagManager(win, doc, "GTM-ABC123");
    cancel();
    win.dispatchEvent(new Event("load"));
    vi.runAllTimers();
    expect(head).toHaveLength(0);
  });
});
