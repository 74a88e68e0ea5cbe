import { describe, expect, it, vi } from "vitest";
import {
  HERO_ANIMATION_ATTRIBUTE,
  HERO_ANIMATION_DURATION_MS,
  HERO_ANIMATION_STAGGER_MS,
  HERO_GRADIENT_CYCLE_MS,
  heroAnimationDelays,
  resolveAnimationTargets,
} from "./hero-animation";

describe("hero animation constants", () => {
  it("animates text over 1 s with a 0.2 s stagger and cycles the gradient every 10 s", () => {
    expect(HERO_ANIMATION_DURATION_MS).toBe(1000);
    expect(HERO_ANIMATION_STAGGER_MS).toBe(200);
    expect(HERO_GRADIENT_CYCLE_MS).toBe(10_000);
  });
});

describe("heroAnimationDelays", () => {
  it("staggers targets by 200 ms from 0", () => {
    expect(heroAnimationDelays(4)).toEqual([0, 200, 400, 600]);
  });
  it("continues a stagger from a start index", () => {
    expect(heroAnimationDelays(2, 3)).toEqual([600, 800]);
  });
  it("returns nothing for no targets", () => {
    expect(heroAnimationDelays(0)).toEqual([]);
    expect(heroAnimationDelays(-1)).toEqual([]);
  });
});

/** A stand-in for a DOM subtree: elements with a data-hero-animate value. */
function fakeRoot(names: string[]) {
  const elements = names.map((name) => ({ name }));
  const selectors: string[] = [];
  return {
    selectors,
    elements,
    querySelectorAll(selector: string) {
      selectors.push(selector);
      const match = /^\[data-hero-animate="(.*)"\]$/.exec(selector);
      return elements.filter((el) => el.name === match?.[1]);
    },
  };
}

describe("resolveAnimationTargets", () => {
  it("finds targets by their data attribute, in the order asked", () => {
    const root = fakeRoot(["title", "description", "cta"]);
    const warn = vi.fn();
    const targets = resolveAnimationTargets(root, ["cta", "title"], warn);
    expect([...targets.keys()]).toEqual(["cta", "title"]);
    expect(targets.get("title")).toEqual([root.elements[0]]);
    expect(root.selectors[0]).toBe(`[${HERO_ANIMATION_ATTRIBUTE}="cta"]`);
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns 'Unknown animation target: {name}' for a name that matches nothing", () => {
    const root = fakeRoot(["title"]);
    const warn = vi.fn();
    const targets = resolveAnimationTargets(root, ["title", "subtitle"], warn);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith("Unknown animation target: subtitle");
    expect(targets.has("subtitle")).toBe(false);
    expect(targets.has("title")).toBe(true);
  });

  it("warns on the console by default", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    resolveAnimationTargets(fakeRoot([]), ["logos"]);
    expect(spy).toHaveBeenCalledWith("Unknown animation target: logos");
    spy.mockRestore();
  });

  it("escapes quotes in names so a selector cannot break", () => {
    const root = fakeRoot([]);
    resolveAnimationTargets(root, ['a"b'], () => {});
    expect(root.selectors[0]).toBe('[data-hero-animate="a\\"b"]');
  });
});
