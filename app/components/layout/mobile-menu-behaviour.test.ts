import { describe, expect, it } from "vitest";
import {
  DESKTOP_MEDIA_QUERY,
  focusTrapTarget,
  lockScroll,
  MENU_LABEL_CLOSE,
  MENU_LABEL_OPEN,
  MENU_OFFSET,
  MENU_OFFSET_COMPACT,
  menuOffset,
  menuToggleLabel,
} from "./mobile-menu-behaviour";

describe("menuOffset", () => {
  it("is 140 px below the expanded header and 120 px below the compact one", () => {
    expect(MENU_OFFSET).toBe(140);
    expect(MENU_OFFSET_COMPACT).toBe(120);
    expect(menuOffset(false)).toBe(140);
    expect(menuOffset(true)).toBe(120);
  });
  it("applies below 960 px", () => {
    expect(DESKTOP_MEDIA_QUERY).toBe("(min-width: 960px)");
  });
});

describe("menuToggleLabel", () => {
  it("names the action the toggle will perform", () => {
    expect(menuToggleLabel(false)).toBe("Open menu");
    expect(menuToggleLabel(true)).toBe("Close menu");
    expect([MENU_LABEL_OPEN, MENU_LABEL_CLOSE]).toEqual(["Open menu", "Close menu"]);
  });
});

describe("focusTrapTarget", () => {
  it("wraps Tab from the last element to the first", () => {
    expect(focusTrapTarget(4, 5, false)).toBe(0);
  });
  it("wraps Shift+Tab from the first element to the last", () => {
    expect(focusTrapTarget(0, 5, true)).toBe(4);
  });
  it("lets the browser move focus between inner elements", () => {
    expect(focusTrapTarget(2, 5, false)).toBeNull();
    expect(focusTrapTarget(2, 5, true)).toBeNull();
    expect(focusTrapTarget(0, 5, false)).toBeNull();
    expect(focusTrapTarget(4, 5, true)).toBeNull();
  });
  it("pulls focus back inside when it is outside", () => {
    expect(focusTrapTarget(-1, 5, false)).toBe(0);
    expect(focusTrapTarget(-1, 5, true)).toBe(4);
  });
  it("keeps focus on a single element", () => {
    expect(focusTrapTarget(0, 1, false)).toBe(0);
    expect(focusTrapTarget(0, 1, true)).toBe(0);
  });
  it("does nothing without focusable elements", () => {
    expect(focusTrapTarget(-1, 0, false)).toBeNull();
  });
});

describe("lockScroll", () => {
  it("hides overflow on <html> and <body> and restores the previous values", () => {
    const doc = {
      documentElement: { style: { overflow: "" } },
      body: { style: { overflow: "auto" } },
    };
    const unlock = lockScroll(doc);
    expect(doc.documentElement.style.overflow).toBe("hidden");
    expect(doc.body.style.overflow).toBe("hidden");
    unlock();
    expect(doc.documentElement.style.overflow).toBe("");
    expect(doc.body.style.overflow).toBe("auto");
  });
});
