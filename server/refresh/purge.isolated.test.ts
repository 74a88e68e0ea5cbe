import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqlite, usePlaces } from "../../tests/support/store-engines";
import { recordingLogger } from "../../tests/support/webhook-receiver";
import type { PurgeClaimStore } from "../store/store";
import { CoalescedPurge, purgeTokenWarning } from "./purge";

/** A CDN stand-in: records each purge request's tags. */
let cdn: Server;
let url: string;
let received: string[][];
/** Each request's Authorization header ("" when absent). */
let authorizations: string[];
let arrivals: (() => void)[];

beforeEach(async () => {
  received = [];
  authorizations = [];
  arrivals = [];
  cdn = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push((JSON.parse(body) as { tags: string[] }).tags);
      authorizations.push(request.headers.authorization ?? "");
      response.end("ok");
      for (const arrived of arrivals.splice(0)) arrived();
    });
  });
  await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/purge`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => cdn.close(() => resolve()));
});

const nextPurge = () => new Promise<void>((resolve) => arrivals.push(resolve));

describe("CoalescedPurge", () => {
  it("sends the changes of one window as one request with the union of their tags", async () => {
    const purge = new CoalescedPurge({
      url,
      logger: recordingLogger(),
      settled: () => Promise.resolve(),
      windowMs: 50,
    });
    const arrived = nextPurge();
    purge.add(["entry:a", "template:news-article"]);
    purge.add(["entry:b", "template:news-article"]);
    purge.add(["order:news-article"]);
    await arrived;
    expect(received).toEqual([
      ["entry:a", "entry:b", "order:news-article", "template:news-article"],
    ]);
    expect(purge.requests).toBe(1);
  });

  it("waits until the pages are written again, and takes in what was told meanwhile", async () => {
    let refreshed = () => {};
    const settled = new Promise<void>((resolve) => {
      refreshed = resolve;
    });
    let waiting = () => {};
    const windowClosed = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const purge = new CoalescedPurge({
      url,
      logger: recordingLogger(),
      settled: () => {
        waiting();
        return settled;
      },
      windowMs: 10,
    });
    purge.add(["entry:a"]);
    // The window is over, the refresh is still running: nothing sent yet.
    await windowClosed;
    purge.add(["entry:b"]);
    expect(received).toEqual([]);
    const arrived = nextPurge();
    refreshed();
    await arrived;
    expect(received).toEqual([["entry:a", "entry:b"]]);
  });

  it("sends a change of everything as `*` alone, and what is left at shutdown at once", async () => {
    const purge = new CoalescedPurge({
      url,
      logger: recordingLogger(),
      settled: () => Promise.resolve(),
      windowMs: 60_000,
    });
    purge.add(["entry:a"]);
    purge.add(["*"]);
    await purge.flush();
    expect(received).toEqual([["*"]]);
  });

  it("authenticates with PURGE_TOKEN as a bearer token, and sends none without it", async () => {
    for (const token of ["purge-token-of-the-relay", undefined]) {
      const purge = new CoalescedPurge({
        url,
        token,
        logger: recordingLogger(),
        settled: () => Promise.resolve(),
        windowMs: 60_000,
      });
      purge.add(["entry:a"]);
      await purge.flush();
    }
    expect(authorizations).toEqual(["Bearer purge-token-of-the-relay", ""]);
  });

  it("logs a refused or failed purge and keeps going", async () => {
    const logger = recordingLogger();
    const purge = new CoalescedPurge({
      url: "http://127.0.0.1:9/purge",
      logger,
      settled: () => Promise.resolve(),
      windowMs: 10,
    });
    purge.add(["entry:a"]);
    await purge.flush();
    expect(logger.lines.some((line) => line.message === "purge failed")).toBe(true);
  });
});

describe("CoalescedPurge on instances sharing a store", () => {
  const places = usePlaces(sqlite);
  const instance = (store: PurgeClaimStore, holder: string, leaseMs = 60_000) =>
    new CoalescedPurge({
      url,
      logger: recordingLogger(),
      settled: () => Promise.resolve(),
      windowMs: 10,
      claims: { store, holder, leaseMs },
    });

  it("sends one purge for a change every instance hears, and each instance's own changes", async () => {
    const [a, b] = [
      instance((await places.fresh()).purgeClaims, "a"),
      instance((await places.another()).purgeClaims, "b"),
    ];
    a.add(["entry:x", "template:news-article"], "change-x");
    b.add(["entry:x", "template:news-article"], "change-x");
    // A change without a shared name (a catch-up) is each instance's own.
    b.add(["entry:y"]);
    await Promise.all([a.flush(), b.flush()]);
    expect(received.map((tags) => tags.join(" ")).sort()).toEqual(
      ["entry:x template:news-article", "entry:y"].sort(),
    );
    // The same change told again later is done: nothing more is sent.
    a.add(["entry:x", "template:news-article"], "change-x");
    await a.flush();
    expect(received).toHaveLength(2);
  });

  it("sends the purge of an instance that claimed it and died, once its lease has run out", async () => {
    const shared = (await places.fresh()).purgeClaims;
    // The instance that died claimed the change and never sent it.
    expect(await shared.claim("change-z", "dead", Date.now(), Date.now() + 300)).toBe("claimed");
    const survivor = instance((await places.another()).purgeClaims, "b", 300);
    const arrived = nextPurge();
    survivor.add(["entry:z"], "change-z");
    await arrived;
    // Its request and its record of it done.
    await survivor.flush();
    expect(received).toEqual([["entry:z"]]);
    expect(await shared.claim("change-z", "c", Date.now(), Date.now() + 300)).toBe("done");
  });
});

describe("purgeTokenWarning", () => {
  it("warns when PURGE_URL is set without PURGE_TOKEN, and only then", () => {
    const url = "https://purge-relay.example/purge";
    expect(purgeTokenWarning({ purgeUrl: url })).toMatch(
      /^PURGE_URL is set without PURGE_TOKEN: .*Set the same PURGE_TOKEN on every instance and in the relay/,
    );
    expect(purgeTokenWarning({ purgeUrl: url, purgeToken: "a-token" })).toBeUndefined();
    expect(purgeTokenWarning({})).toBeUndefined();
    expect(purgeTokenWarning({ purgeToken: "a-token" })).toBeUndefined();
  });
});
