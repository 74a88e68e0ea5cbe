import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createInMemoryContent,
  TEST_MODIFIED_AT,
  testDate,
  testLocalEntry,
  thrownResponse,
} from "../../../tests/support/content";
import { listEventPaths, loadEvent, toEventCard } from "./event.server";

const content = createInMemoryContent();
vi.mock("../content-client.server", () => ({ getContentClient: () => content.client }));

const NOW = new Date("2026-06-01T00:00:00Z");

function event(id: string, meta: Record<string, unknown>) {
  return {
    id: id.repeat(24),
    meta: { title: "Summit", start_date: testDate("2026-06-10"), ...meta },
  };
}

beforeEach(() =>
  content.reset({
    entries: {
      event: [
        event("a", {
          slug: "summit",
          end_date: testDate("2026-06-11"),
          registration_url: "https://tickets.example/",
          location: "London",
        }),
        event("b", { slug: "last-year", start_date: testDate("2025-06-10") }),
        event("c", {}),
        event("d", { slug: "undated", start_date: { timestamp: -1, timezoneOffset: 0 } }),
      ],
    },
  }),
);
afterEach(() => vi.restoreAllMocks());

describe("toEventCard", () => {
  it("maps a titled event with a start date, linked under /events/", () => {
    const entry = testLocalEntry("event", {
      title: "Summit",
      slug: "summit",
      start_date: testDate("2026-06-10"),
      location: "London",
    });
    expect(toEventCard(entry)).toEqual({
      slug: "summit",
      href: "/events/summit",
      title: "Summit",
      description: "",
      date: "2026-06-10",
      dateLabel: "10 June 2026",
      location: "London",
      modifiedAt: TEST_MODIFIED_AT,
    });
    expect(toEventCard(testLocalEntry("event", { title: "Summit" }))).toBeUndefined();
  });
});

describe("loadEvent", () => {
  it("maps the event page: start and end, registration, upcoming until it ends", async () => {
    expect(await loadEvent("summit", "/events/summit", NOW)).toMatchObject({
      href: "/events/summit",
      startsAt: "2026-06-10T00:00:00Z",
      endsAt: "2026-06-11T00:00:00Z",
      endDate: "2026-06-11",
      endDateLabel: "11 June 2026",
      registrationUrl: "https://tickets.example/",
      upcoming: true,
      head: { title: "Summit" },
      body: [],
    });
    const past = await loadEvent("last-year", "/events/last-year", NOW);
    expect(past.upcoming).toBe(false);
    expect(past.startsAt).toBe("2025-06-10T00:00:00Z");
    expect(past).not.toHaveProperty("endDate");
    expect(past).not.toHaveProperty("endsAt");
  });

  it("finds an event without a slug by its id; no date or no entry is a 404", async () => {
    expect((await loadEvent("c".repeat(24), "/events/c", NOW)).slug).toBe("c".repeat(24));
    expect((await thrownResponse(loadEvent("undated", "/events/undated", NOW))).status).toBe(404);
    expect((await thrownResponse(loadEvent("nothing", "/events/nothing", NOW))).status).toBe(404);
  });
});

describe("listEventPaths", () => {
  it("lists every published event's page", async () => {
    expect(await listEventPaths()).toEqual([
      "/events/summit",
      "/events/last-year",
      `/events/${"c".repeat(24)}`,
      "/events/undated",
    ]);
  });
});
