import { describe, expect, it } from "vitest";
import type { RedirectSourcesRead } from "../../app/content/cms-redirects.server";
import { recordingLogger } from "../../tests/support/webhook-receiver";
import { SiteRedirects } from "../serving/redirects";
import { movesAddresses, RedirectRefresh, touchesRedirects } from "./redirect-refresh";

const SITE_ORIGIN = "https://id5.io";

function sources(redirects: RedirectSourcesRead["redirects"]): RedirectSourcesRead {
  return { redirects, pages: [], past: [] };
}

const link = (entryId: string, from: string, to: string) => ({
  entryId,
  from,
  to,
  status: undefined,
});

function refreshWith(
  read: () => Promise<RedirectSourcesRead>,
  retryMs = 5,
  readEntries?: () => Promise<RedirectSourcesRead["redirects"]>,
) {
  const logger = recordingLogger();
  const redirects = new SiteRedirects();
  const forgotten: string[][] = [];
  const refresh = new RedirectRefresh({
    redirects,
    read,
    siteOrigin: SITE_ORIGIN,
    logger,
    forget: (paths) => forgotten.push(paths),
    retryMs,
    readEntries,
  });
  const location = (path: string) =>
    redirects
      .redirectFor(new URL(`${SITE_ORIGIN}${path}`), "GET", SITE_ORIGIN)
      ?.headers.get("location") ?? null;
  return { logger, refresh, forgotten, location };
}

describe("RedirectRefresh", () => {
  it("swaps the merged table in and has the fast path forget what moved, pages and data", async () => {
    let read = sources([link("r1", "/a", "/one")]);
    const t = refreshWith(async () => read);
    expect(t.refresh.state).toBe("reading");
    await t.refresh.refresh();
    expect(t.refresh.state).toBe("done");
    expect(t.location("/a")).toBe("/one");
    read = sources([link("r2", "/b", "/two")]);
    await t.refresh.refresh();
    expect(t.location("/a")).toBeNull();
    expect(t.location("/b")).toBe("/two");
    expect(t.forgotten.at(-1)?.sort()).toEqual(["/a", "/a.data", "/b", "/b.data"]);
  });

  it("tells a refused entry once, not at every later merge, and again once it comes back", async () => {
    let read = sources([link("bad", "/x", "javascript:alert(1)")]);
    const t = refreshWith(async () => read);
    await t.refresh.refresh();
    await t.refresh.refresh();
    const refused = () => t.logger.lines.filter((l) => l.message === "redirect refused");
    expect(refused()).toHaveLength(1);
    expect(refused()[0]?.fields).toMatchObject({ entry: "bad", from: "/x" });
    read = sources([]);
    await t.refresh.refresh();
    read = sources([link("bad", "/x", "javascript:alert(1)")]);
    await t.refresh.refresh();
    expect(refused()).toHaveLength(2);
  });

  it("keeps the last table through a failed read and tries again by itself", async () => {
    let fail = false;
    let reads = 0;
    const t = refreshWith(async () => {
      reads += 1;
      if (fail) throw new Error("the CMS is down");
      return sources([link("r1", "/a", "/one")]);
    });
    await t.refresh.refresh();
    fail = true;
    await t.refresh.refresh();
    expect(t.location("/a")).toBe("/one");
    expect(t.logger.lines.some((l) => l.message.startsWith("redirects unreadable"))).toBe(true);
    fail = false;
    const before = reads;
    await t.logger.waitFor(
      (lines) => lines.filter((l) => l.message === "redirects merged").length >= 2,
    );
    expect(reads).toBeGreaterThan(before);
    t.refresh.stop();
  });

  it("tries a failed read again when the CMS answers another read, not at its backoff", async () => {
    let fail = true;
    let reads = 0;
    // A backoff no test waits out: only retryNow can make the second read.
    const t = refreshWith(async () => {
      reads += 1;
      if (fail) throw new Error("the CMS is down");
      return sources([link("r1", "/a", "/one")]);
    }, 600_000);
    await t.refresh.refresh();
    expect(t.refresh.state).toBe("reading");
    fail = false;
    await t.refresh.retryNow();
    expect(t.refresh.state).toBe("done");
    expect(t.location("/a")).toBe("/one");
    expect(reads).toBe(2);
    // Nothing failed since: another answer reads nothing more.
    await t.refresh.retryNow();
    expect(reads).toBe(2);
    t.refresh.stop();
  });

  it("reads once more, not once per call, when called during a read", async () => {
    let reads = 0;
    let release = () => {};
    const t = refreshWith(async () => {
      reads += 1;
      if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
      return sources([]);
    });
    const first = t.refresh.refresh();
    void t.refresh.refresh();
    void t.refresh.refresh();
    release();
    await first;
    await t.logger.waitFor(
      (lines) => lines.filter((l) => l.message === "redirects merged").length >= 2,
    );
    expect(reads).toBe(2);
  });

  it("merges an edit of a redirect alone without the render thread's read, on the addresses read last", async () => {
    let threadReads = 0;
    // The render thread busy with pages: a read asked of it now is not answered.
    let threadBusy = false;
    let entries = [link("r1", "/a", "/one")];
    const t = refreshWith(
      async () => {
        threadReads += 1;
        if (threadBusy) await new Promise<never>(() => {});
        return { redirects: entries, pages: [["/page", "p1"]], past: [] };
      },
      5,
      async () => entries,
    );
    await t.refresh.refresh();
    threadBusy = true;
    entries = [link("r1", "/a", "/two"), link("r2", "/page", "/elsewhere")];
    await t.refresh.refresh({ entriesOnly: true, receivedAt: Date.now() });
    expect(t.location("/a")).toBe("/two");
    // The page read last still wins over a redirect from its address.
    expect(t.location("/page")).toBeNull();
    expect(threadReads).toBe(1);
  });

  it("reads everything again when a change moves an address, or before any whole read", async () => {
    let threadReads = 0;
    let entryReads = 0;
    const t = refreshWith(
      async () => {
        threadReads += 1;
        return sources([]);
      },
      5,
      async () => {
        entryReads += 1;
        return [];
      },
    );
    await t.refresh.refresh({ entriesOnly: true });
    expect([threadReads, entryReads]).toEqual([1, 0]);
    await t.refresh.refresh({ entriesOnly: false });
    expect([threadReads, entryReads]).toEqual([2, 0]);
    await t.refresh.refresh({ entriesOnly: true });
    expect([threadReads, entryReads]).toEqual([2, 1]);
  });

  it("makes the read after a running one the whole read when any call meanwhile needed it", async () => {
    let threadReads = 0;
    let release = () => {};
    const t = refreshWith(
      async () => {
        threadReads += 1;
        if (threadReads === 2) await new Promise<void>((resolve) => (release = resolve));
        return sources([]);
      },
      5,
      async () => [],
    );
    await t.refresh.refresh();
    const running = t.refresh.refresh({ entriesOnly: false });
    void t.refresh.refresh({ entriesOnly: true });
    void t.refresh.refresh({ entriesOnly: false });
    release();
    await running;
    await t.logger.waitFor(
      (lines) => lines.filter((l) => l.message === "redirects merged").length >= 3,
    );
    expect(threadReads).toBe(3);
    expect(
      t.logger.lines.filter((l) => l.message === "redirects merged").at(-1)?.fields,
    ).toMatchObject({
      read: "all",
    });
  });

  it("is asked for by changes of a redirect, of an address, or of everything", () => {
    expect(touchesRedirects(["entry:r1", "template:redirect"])).toBe(true);
    expect(touchesRedirects(["entry:a1", "path:a1", "template:news-article"])).toBe(true);
    expect(touchesRedirects(["*"])).toBe(true);
    expect(touchesRedirects(["entry:a1", "template:news-article"])).toBe(false);
    expect(movesAddresses(["entry:r1", "template:redirect"])).toBe(false);
    expect(movesAddresses(["entry:a1", "path:a1"])).toBe(true);
    expect(movesAddresses(["*"])).toBe(true);
  });
});
