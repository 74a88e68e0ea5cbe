// An entry whose page a bad value took away gets it back as soon as the value is put right:
// an event's start_date saved through the content service's API as a timestamp of -1 (the
// event then has no start date) makes its page a 404 (the refresher removes its files, and
// with them the record of what the page read), and restoring the date has the page written
// again by that change alone, with no catch-up in between.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentApi, contentApi } from "../support/content-api";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { CATCH_UP_DEADLINE_MS, caughtUp, pagesRefreshed } from "../support/server-log";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";

/** An event of the seed and its own page. */
const EVENT = {
  id: "1b3f7053d871228ae7837307",
  page: "/events/addressability-summit-london-2026",
};

let real: RealSiteOnContent | undefined;
let api: ContentApi;
let startDate: unknown;

beforeAll(async () => {
  real = await serveRealBuildOnContent("cms-restore", { logLevel: "info" });
  await caughtUp(real.logs);
  api = contentApi(real.contentUrl);
  const template = (await api.templates()).find((t) => t.name === "event");
  const propId = template?.props.find((prop) => prop.name === "start_date")?.id;
  const entry = (await api.entries(template?._id ?? "")).find((e) => e._id === EVENT.id);
  startDate = entry?.meta.find((m) => m.lng === "en")?.props.find((p) => p.id === propId)?.data;
  if (!Array.isArray(startDate) || startDate.length === 0) throw new Error("no start_date");
}, REAL_SITE_START_MS);
afterAll(() => real?.close());

const site = () => real as RealSiteOnContent;
const get = (pathWithQuery: string): Promise<RawResponse> =>
  rawRequest(site().port, pathWithQuery, { headers: { Host: "id5.io" } });

/** Saves the event's start_date and waits for what the change queued to be written. */
async function saveStartDate(data: unknown): Promise<void> {
  const since = site().logs.lines.length;
  await api.update("event", EVENT.id, { props: { start_date: data } });
  const isTheChange = (line: { message: string; fields: Record<string, unknown> }) =>
    line.message === "content changed" && line.fields.id === EVENT.id;
  await site().logs.waitFor((lines) => lines.slice(since).some(isTheChange), CATCH_UP_DEADLINE_MS);
  const changed = since + site().logs.lines.slice(since).findIndex(isTheChange);
  // A change that queued nothing has no round of the refresher to wait for.
  if (Number(site().logs.lines[changed]?.fields.refreshing) > 0) {
    await pagesRefreshed(site().logs, changed);
  }
}

const headingOf = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];

describe("a page a bad value removed comes back with the value", () => {
  it("answers 404 while the event has no start date, and 200 again once it has, without a catch-up", async () => {
    const first = await get(EVENT.page);
    expect(first.status).toBe(200);
    expect(headingOf(first.text)).toBeTruthy();
    const catchUps = () =>
      site().logs.lines.filter((line) => line.message === "content caught up").length;
    const before = catchUps();

    await saveStartDate([{ timestamp: -1, timezoneOffset: 0 }]);
    // Asked twice: the second may come from what the first taught the fast path.
    for (const path of [EVENT.page, EVENT.page, `${EVENT.page}.data`]) {
      expect((await get(path)).status, path).toBe(404);
    }

    await saveStartDate(startDate);
    for (const path of [EVENT.page, EVENT.page, `${EVENT.page}.data`]) {
      expect((await get(path)).status, path).toBe(200);
    }
    // The event as it was, not some other answer.
    expect(headingOf((await get(EVENT.page)).text)).toBe(headingOf(first.text));
    expect(catchUps()).toBe(before);
  });
});
