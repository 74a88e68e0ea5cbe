// The hero's motion (decision 0033): the background's glows shift over one 10 s cycle,
// repeating, by the opacity of a layer no larger than the hero (the compositor only blends it);
// the motion pauses while the hero is off-screen or the tab hidden, and is absent for visitors
// who ask for reduced motion. The text's 1 s entrance is checked without scripts in
// no-js.spec.ts.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/reused-page";
import { gotoHydrated } from "./support/site";

test.use({ reducedMotion: "no-preference" });

interface GradientMotion {
  count: number;
  playState: string;
  duration: number;
  iterations: number;
  properties: string[];
  layer: { width: number; height: number };
  hero: { width: number; height: number };
}

/** The hero background's CSS animation as Chromium runs it, and the layer it moves. */
function gradientMotion(page: Page): Promise<GradientMotion> {
  return page.evaluate(() => {
    const animations = document
      .getAnimations()
      .filter((a) => (a as CSSAnimation).animationName === "hero-gradient");
    const first = animations[0];
    const timing = first?.effect?.getComputedTiming();
    const keyframes = (first?.effect as KeyframeEffect | undefined)?.getKeyframes() ?? [];
    const properties = new Set<string>();
    for (const frame of keyframes) {
      for (const key of Object.keys(frame)) {
        if (!["offset", "computedOffset", "easing", "composite"].includes(key)) properties.add(key);
      }
    }
    const background = document.querySelector(".hero__background") as HTMLElement;
    const layer = getComputedStyle(background, "::before");
    const box = background.getBoundingClientRect();
    return {
      count: animations.length,
      playState: first?.playState ?? "none",
      duration: Number(timing?.duration ?? 0),
      iterations: Number(timing?.iterations ?? 0),
      properties: [...properties].sort(),
      layer: { width: Number.parseFloat(layer.width), height: Number.parseFloat(layer.height) },
      hero: { width: box.width, height: box.height },
    };
  });
}

const playState = async (page: Page) => (await gradientMotion(page)).playState;

test("the hero's glows cycle every 10 s by opacity alone, on a layer the hero's size", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  const motion = await gradientMotion(page);
  expect(motion.count).toBe(1);
  expect(motion.playState).toBe("running");
  expect(motion.duration).toBe(10_000);
  expect(motion.iterations).toBe(Number.POSITIVE_INFINITY);
  expect(motion.properties).toEqual(["opacity"]);
  expect(motion.layer.width).toBeCloseTo(motion.hero.width, 0);
  expect(motion.layer.height).toBeCloseTo(motion.hero.height, 0);
});

test("the hero's motion pauses while it is off-screen and resumes in view", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect.poll(() => playState(page)).toBe("running");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.locator(".hero").first()).toHaveAttribute("data-hero-paused", "");
  await expect.poll(() => playState(page)).toBe("paused");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator(".hero").first()).not.toHaveAttribute("data-hero-paused");
  await expect.poll(() => playState(page)).toBe("running");
});

test("the hero's motion pauses while the tab is hidden", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect.poll(() => playState(page)).toBe("running");
  // A headless Chromium keeps every tab visible: the page is told it is hidden, as a browser
  // tells a background tab (the property and the event), and back.
  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
      document.dispatchEvent(new Event("visibilitychange"));
    }, hidden);
  await setHidden(true);
  await expect.poll(() => playState(page)).toBe("paused");
  await setHidden(false);
  await expect.poll(() => playState(page)).toBe("running");
});

test.describe("asking for reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("the hero's background does not move", async ({ page }) => {
    await gotoHydrated(page, "/");
    expect((await gradientMotion(page)).count).toBe(0);
  });
});
