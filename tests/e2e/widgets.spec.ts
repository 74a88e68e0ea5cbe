// Rich-content widgets and images (video states, graph grid, stats ring, image source
// rules) as rendered by the real pages of the seed.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/reused-page";
import { ARTICLE_PATH, gotoHydrated } from "./support/site";

const YOUTUBE_EMBED = "https://www.youtube-nocookie.com/embed/";
const VIDEO_UNSUPPORTED_TEXT = "Your browser does not support the video tag.";

test.describe("video widget", () => {
  test("the play button on /about swaps the thumbnail for an autoplaying privacy-embed iframe", async ({
    page,
  }) => {
    // Keep the test offline and deterministic: the embed answers with an empty page.
    await page.route(`${YOUTUBE_EMBED}**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>x</title>",
      }),
    );
    await gotoHydrated(page, "/about");
    const widget = page.locator('[data-widget="video"][data-kind="embed"]').first();
    await widget.scrollIntoViewIfNeeded();
    await expect(widget.locator("img")).toBeVisible();
    await expect(widget.locator("iframe")).toHaveCount(0);
    // The no-JS play link becomes a button once hydrated.
    const play = widget.getByTestId("video-play");
    await expect(play).toBeVisible();
    await expect(play).toHaveJSProperty("tagName", "BUTTON");
    await expect(widget.getByTestId("video-play-link")).toHaveCount(0);

    await play.click();
    const iframe = widget.locator("iframe");
    await expect(iframe).toHaveCount(1);
    const src = (await iframe.getAttribute("src")) ?? "";
    expect(src.startsWith(YOUTUBE_EMBED), src).toBe(true);
    expect(new URL(src).searchParams.get("autoplay")).toBe("1");
    await expect(iframe).toHaveAttribute("allow", /autoplay/);
    // The thumbnail and the play control are gone for good.
    await expect(widget.locator("img")).toHaveCount(0);
    await expect(widget.getByTestId("video-play")).toHaveCount(0);
  });

  test("the play link works without hydration: it points at the privacy embed", async ({
    request,
  }) => {
    const html = await (await request.get("/about")).text();
    const link = /<a[^>]*data-testid="video-play-link"[^>]*>/.exec(html)?.[0] ?? "";
    expect(link).toContain(`href="${YOUTUBE_EMBED}`);
    expect(html).not.toContain("youtube.com/watch");
  });

  test("the uploaded video on /technology is a <video controls> with the fallback text", async ({
    page,
  }) => {
    await gotoHydrated(page, "/technology");
    const video = page.locator('[data-widget="video"][data-kind="file"] video');
    await expect(video).toHaveCount(1);
    await expect(video).toHaveAttribute("controls", /.*/);
    const markup = await video.evaluate((el) => el.innerHTML);
    expect(markup).toContain(VIDEO_UNSUPPORTED_TEXT);
    const source = video.locator("source");
    await expect(source).toHaveAttribute("src", /^\/media\//);
    await expect(source).toHaveAttribute("type", /^video\//);
    // The file really is served.
    const src = (await source.getAttribute("src")) as string;
    const response = await page.request.get(src, { headers: { range: "bytes=0-99" } });
    expect([200, 206]).toContain(response.status());
    expect(response.headers()["content-type"]).toMatch(/^video\//);
  });
});

test("stats cards each show a title, a value and a ring matching their progress", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  const cards = page.locator('[data-widget="stats"] .w-stats__card');
  expect(await cards.count()).toBeGreaterThanOrEqual(2);
  const rings = await cards.evaluateAll((els) =>
    els.map((el) => {
      const bar = el.querySelector("circle.w-stats__bar");
      return {
        progress: Number(el.getAttribute("data-progress")),
        dasharray: Number(bar?.getAttribute("stroke-dasharray")),
        dashoffset: Number(bar?.getAttribute("stroke-dashoffset")),
        value: el.querySelector(".w-stats__value")?.textContent?.trim() ?? "",
        title: el.querySelector(".w-stats__title")?.textContent?.trim() ?? "",
      };
    }),
  );
  for (const ring of rings) {
    expect(ring.value).not.toBe("");
    expect(ring.title).not.toBe("");
    expect(ring.progress).toBeGreaterThanOrEqual(0);
    expect(ring.progress).toBeLessThanOrEqual(100);
    expect(ring.dasharray).toBeGreaterThan(0);
    // The drawn arc is `progress` percent of the circle.
    expect(ring.dashoffset).toBeCloseTo((ring.dasharray * (100 - ring.progress)) / 100, 1);
  }
  // The fill animation starts from an empty ring: at its first frame the whole circumference
  // is undrawn, whatever the card's progress.
  const startOffsets = await page
    .locator('[data-widget="stats"] circle.w-stats__bar')
    .evaluateAll((bars) =>
      bars.map((bar) => {
        const [fill] = bar.getAnimations();
        if (!fill) return { circumference: 0, offset: Number.NaN };
        fill.pause();
        fill.currentTime = 0;
        return {
          circumference: Number(bar.getAttribute("stroke-dasharray")),
          offset: Number.parseFloat(getComputedStyle(bar).strokeDashoffset),
        };
      }),
    );
  expect(startOffsets.length).toBeGreaterThan(0);
  for (const { circumference, offset } of startOffsets)
    expect(offset).toBeCloseTo(circumference, 2);
});

test.describe("the stats rings' fill on a phone", () => {
  test.use({ reducedMotion: "no-preference", viewport: { width: 412, height: 823 } });

  test("waits at its first frame while the rings are below the fold, and fills in view", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const widget = page.locator('[data-widget="stats"]').first();
    const belowFold = await widget.evaluate(
      (el) => el.getBoundingClientRect().top >= window.innerHeight,
    );
    expect(belowFold, "the stats widget of / starts below the fold at 412x823").toBe(true);
    const fills = () =>
      widget.locator("circle.w-stats__bar").evaluateAll((bars) =>
        bars.map((bar) => {
          const [fill] = bar.getAnimations();
          return {
            state: fill?.playState ?? "none",
            time: Number(fill?.currentTime ?? -1),
            offset: Number.parseFloat(getComputedStyle(bar).strokeDashoffset),
            target: Number(bar.getAttribute("stroke-dashoffset")),
          };
        }),
      );
    await expect
      .poll(async () => (await fills()).map(({ state, time }) => `${state} ${time}`))
      .toEqual((await fills()).map(() => "paused 0"));
    await widget.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await fills()).every(({ state }) => state === "finished"))
      .toBe(true);
    for (const { offset, target } of await fills()) expect(offset).toBeCloseTo(target, 1);
  });
});

/** Graph grids: 3 columns with 3+ items, 2 with fewer; returns the column counts seen. */
async function checkGraphGrids(page: Page, path: string): Promise<string[]> {
  const seen: string[] = [];
  for (const graph of await page.locator('[data-widget="graph"]').all()) {
    const items = await graph.locator(":scope > li").count();
    expect(items, `graph items on ${path}`).toBeGreaterThan(0);
    const columns = items >= 3 ? "3" : "2";
    await expect(graph, `graph with ${items} items on ${path}`).toHaveAttribute(
      "data-columns",
      columns,
    );
    // ...and the grid really lays them out in that many columns (desktop width).
    const rendered = await graph.evaluate(
      (el) => getComputedStyle(el).gridTemplateColumns.split(" ").filter(Boolean).length,
    );
    expect(rendered, `rendered columns of the graph on ${path}`).toBe(Number(columns));
    seen.push(columns);
  }
  return seen;
}

/** Every image in main has width and height, and every <picture> offers WebP first. */
async function checkImageSources(page: Page, path: string): Promise<void> {
  const images = await page.locator("main img").evaluateAll((els) =>
    els.map((img) => ({
      src: img.getAttribute("src"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
    })),
  );
  expect(images.length, `images on ${path}`).toBeGreaterThan(0);
  for (const img of images) {
    expect(Number(img.width), `${path} ${img.src} width`).toBeGreaterThan(0);
    expect(Number(img.height), `${path} ${img.src} height`).toBeGreaterThan(0);
  }
  const firstSources = await page
    .locator("main picture")
    .evaluateAll((els) => els.map((p) => p.querySelector("source")?.getAttribute("type")));
  expect(firstSources.length, `pictures on ${path}`).toBeGreaterThan(0);
  for (const type of firstSources) expect(type, path).toBe("image/webp");
}

/** The section pages and which of the checks above each one is read for. */
const SECTION_PAGES = [
  { path: "/", graphs: true, images: true },
  { path: "/about", graphs: true, images: true },
  { path: "/technology", graphs: true, images: true },
  { path: "/solutions", graphs: false, images: false },
  { path: ARTICLE_PATH, graphs: false, images: true },
];

// One load per section page for the three whole-page checks (each was a walk of its own).
test("the section pages: no widget unhandled, no media failed, graph grids laid out by their item count, images sized and WebP first", async ({
  page,
}) => {
  const graphColumns = new Set<string>();
  for (const { path, graphs, images } of SECTION_PAGES) {
    await gotoHydrated(page, path);
    await expect(page.locator("[data-widget-unhandled]"), path).toHaveCount(0);
    await expect(page.locator("[data-media-error]"), path).toHaveCount(0);
    if (graphs) for (const columns of await checkGraphGrids(page, path)) graphColumns.add(columns);
    if (images) await checkImageSources(page, path);
  }
  // The seed exercises both graph layouts.
  expect([...graphColumns].sort()).toEqual(["2", "3"]);
});

test("content columns: 1 column on small screens, 2 from 768 px", async ({ page }) => {
  const columnCount = () =>
    page
      .locator('[data-widget="content-cols"]')
      .first()
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").filter(Boolean).length);
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/about");
  expect(await columnCount()).toBe(2);
  await page.setViewportSize({ width: 768, height: 800 });
  await expect.poll(columnCount).toBe(2);
  await page.setViewportSize({ width: 767, height: 800 });
  await expect.poll(columnCount).toBe(1);
  await page.setViewportSize({ width: 375, height: 740 });
  await expect.poll(columnCount).toBe(1);
});

test("testimonials and companies render their cards", async ({ page }) => {
  await gotoHydrated(page, "/");
  const testimonial = page.locator('[data-widget="testimonials"] figure').first();
  await expect(testimonial.locator("blockquote")).not.toBeEmpty();
  await expect(testimonial.locator(".w-testimonials__name")).not.toBeEmpty();
  const company = page.locator('[data-widget="companies"] .w-companies__card').first();
  await expect(company.locator(".w-companies__logo")).toBeVisible();
  await expect(company.locator(".rich-content")).not.toBeEmpty();
});

test("a CTA with an http href opens in a new tab; an internal one does not", async ({ page }) => {
  await gotoHydrated(page, "/solutions");
  const external = page.locator('[data-widget="cta"] a[href^="http"]').first();
  await expect(external).toBeVisible();
  await expect(external).toHaveAttribute("target", "_blank");
  await expect(external).toHaveAttribute("rel", /\bnoopener\b/);
  await gotoHydrated(page, "/technology");
  const internal = page.locator('[data-widget="cta"] a[href^="/"]').first();
  await expect(internal).toBeVisible();
  await expect(internal).not.toHaveAttribute("target", /.+/);
});

test.describe("images", () => {
  test("images below the fold are lazy", async ({ page }) => {
    await page.goto("/", { waitUntil: "commit" });
    await page.waitForLoadState("domcontentloaded");
    const images = await page.locator("main img").evaluateAll((els) =>
      els.map((img) => ({
        src: img.getAttribute("src"),
        top: img.getBoundingClientRect().top,
        loading: img.getAttribute("loading"),
      })),
    );
    const viewportHeight = page.viewportSize()?.height ?? 720;
    const below = images.filter((img) => img.top > viewportHeight);
    expect(below.length).toBeGreaterThan(0);
    for (const img of below) expect(img.loading, `${img.src}`).toBe("lazy");
  });

  test("an article's first image above the fold has fetchpriority=high and is not lazy", async ({
    page,
  }) => {
    await gotoHydrated(page, ARTICLE_PATH);
    const first = page.locator("main img").first();
    await expect(first).toBeInViewport();
    await expect(first).toHaveAttribute("fetchpriority", "high");
    await expect(first).not.toHaveAttribute("loading", "lazy");
    // Only one image of the page asks for high priority.
    await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
  });
});
