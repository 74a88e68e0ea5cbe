// Cache invalidation through the real socket: a client with useMemCache and enableSocket, a
// BCMS-like HTTP stub and a WebSocket server on the same origin.
import { afterEach, describe, expect, it } from "vitest";
import {
  afterRejectionsTold,
  createMemoryLogger,
  recordUnhandledRejections,
  type StubData,
  startBcmsStub,
  startSocketServer,
  TEST_BASE,
  TEST_SECRET,
  type TestHttpServer,
  type TestSocketServer,
  testConfig,
  waitFor,
} from "../tests/support/bcms";
import { testProp as prop } from "../tests/support/bcms-props";
import { type BcmsClient, createBcmsClient } from "./client";

const unhandled = recordUnhandledRejections();

function parsedEntry(id: string, templateId: string, meta: Record<string, unknown> = {}) {
  return {
    _id: id,
    templateId,
    templateName: templateId,
    statuses: [{ lng: "en", id: "s-pub", label: "Published" }],
    meta: { en: { title: id, slug: `${id}-slug`, ...meta } },
    content: { en: [] },
  };
}

function rawEntry(id: string, templateId: string) {
  return { _id: id, templateId, statuses: [], meta: [], content: [] };
}

function stubData(): StubData {
  return {
    templates: [
      { _id: "t-news", name: "news-article", props: [prop("title"), prop("slug")] },
      { _id: "t-page", name: "page", props: [prop("title"), prop("slug")] },
    ],
    groups: [{ _id: "g1", name: "seo", props: [] }],
    widgets: [{ _id: "w1", name: "cta", props: [] }],
    languages: [{ _id: "l1", code: "en", name: "English" }],
    statuses: [{ _id: "s-pub", label: "Published" }],
    media: [{ _id: "m1", name: "cover.jpg", type: "IMG", mimetype: "image/jpeg" }],
    entries: [rawEntry("e1", "t-news"), rawEntry("e2", "t-news"), rawEntry("p1", "t-page")],
    parsed: [
      parsedEntry("e1", "t-news", {
        cover: { _id: "m1", mimetype: "image/jpeg", name: "cover.jpg" },
      }),
      parsedEntry("e2", "t-news"),
      parsedEntry("p1", "t-page", { related: parsedEntry("e1", "t-news") }),
      parsedEntry("p2", "t-page"),
    ],
  };
}

let stub: TestHttpServer;
let socketServer: TestSocketServer;
let client: BcmsClient;
let data: StubData;
let memory: ReturnType<typeof createMemoryLogger>;

async function start(extra: Parameters<typeof testConfig>[1] = {}) {
  data = stubData();
  stub = await startBcmsStub(data);
  socketServer = await startSocketServer({ attachTo: stub.server });
  memory = createMemoryLogger();
  client = createBcmsClient(
    testConfig(stub.origin, {
      useMemCache: true,
      enableSocket: true,
      logger: memory.logger,
      debug: true,
      socket: { initialReconnectDelayMs: 20 },
      ...extra,
    }),
  );
  await waitFor(() => client.socket.state === "open", 5000, "socket open");
}

afterEach(async () => {
  client.close();
  await socketServer.close();
  await stub.close();
  expect(memory.text()).not.toContain(TEST_SECRET);
  await afterRejectionsTold();
  expect(unhandled).toEqual([]);
});

/** Count of requests to a path (after the instance base). */
function hits(path: string): number {
  return stub.requests.filter((request) => request.url === `${TEST_BASE}${path}`).length;
}

/** Broadcasts an event and resolves once the client has handled it (its handlers run first). */
async function send(en: string, ed: unknown): Promise<void> {
  const seen = new Promise<void>((resolve) => {
    const off = client.socket.on(en, () => {
      off();
      resolve();
    });
  });
  socketServer.broadcast(en, ed);
  await seen;
}

describe("memory cache", () => {
  it("serves repeated reads from memory", async () => {
    await start();
    await client.entry.getAllParsed("news-article");
    await client.entry.getAllParsed("news-article");
    await client.entry.getParsed("news-article", "e2-slug");
    await client.media.get("m1");
    await client.media.get("m1");
    expect(hits("/template/t-news/entry/all/parsed")).toBe(1);
    expect(hits("/template/t-news/entry/e2-slug/parse")).toBe(0);
    expect(hits("/media/m1")).toBe(1);
  });

  it("does not cache an answer that raced an update event", async () => {
    data = stubData();
    await start();
    data.delayMs = (path) => (path === "/template/t-news/entry/all" ? 150 : 0);
    const slow = client.entry.getAll("news-article");
    await waitFor(() => hits("/template/t-news/entry/all") === 1);
    await send("entry", { type: "update", templateId: "t-news", entryId: "e1" });
    await slow;
    data.delayMs = undefined;
    await client.entry.getAll("news-article");
    expect(hits("/template/t-news/entry/all")).toBe(2);

    data.delayMs = (path) => (path === "/group/all" ? 150 : 0);
    const slowGroups = client.group.getAll();
    await waitFor(() => hits("/group/all") === 1);
    await send("group", { type: "update", groupId: "g-new" });
    await slowGroups;
    data.delayMs = undefined;
    await client.group.getAll();
    expect(hits("/group/all")).toBe(2);
  });

  it("never hands a read after an update event the answer of a read begun before it", async () => {
    await start();
    const path = "/template/t-news/entry/all/parsed";
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Only the first read of the list is held: it began before the change.
    data.hold = (held) => (held === path && hits(path) === 1 ? gate : undefined);
    const before = client.entry.getAllParsed("news-article");
    try {
      await waitFor(() => hits(path) === 1, 5000, "the first read");
      const e1 = data.parsed?.find((entry) => entry._id === "e1");
      if (!e1) throw new Error("the stub has no e1");
      (e1.meta as { en: { title: string } }).en.title = "e1, edited";
      await send("entry", { type: "update", templateId: "t-news", entryId: "e1" });
      const after = client.entry.getAllParsed("news-article");
      await waitFor(() => hits(path) === 2, 5000, "a read of its own after the change");
      const titles = (await after).map((entry) => (entry.meta.en as { title: string }).title);
      expect(titles).toContain("e1, edited");
    } finally {
      release();
    }
    await before;
  });
});

describe("live invalidation from socket events", () => {
  it("entry update: refetches that template only", async () => {
    await start();
    const warm = async () => {
      await client.entry.get("news-article", "e2");
      await client.entry.getAllParsed("news-article");
      await client.entry.getAll("news-article");
      await client.entry.getAllLite("news-article");
      await client.entry.getAllParsed("page");
      await client.entry.getParsed("page", "p2");
    };
    await warm();
    await send("entry", { type: "update", templateId: "t-news", entryId: "e2" });
    await warm();
    // The parsed list is kept: only the changed entry is read again.
    expect(hits("/template/t-news/entry/all/parsed")).toBe(1);
    expect(hits("/template/t-news/entry/e2/parse")).toBe(1);
    expect(hits("/template/t-news/entry/all")).toBe(2);
    expect(hits("/template/t-news/entry/all/lite")).toBe(2);
    expect(hits("/template/t-news/entry/e2")).toBe(2);
    // Another template's caches stay (nothing there embeds e2).
    expect(hits("/template/t-page/entry/all/parsed")).toBe(1);
    expect(hits("/template/t-page/entry/p2/parse")).toBe(0);
  });

  it("entry update: the parsed list gets the entry as it is now, in its place", async () => {
    await start();
    expect((await client.entry.getAllParsed("news-article")).map((e) => e._id)).toEqual([
      "e1",
      "e2",
    ]);
    const edited = parsedEntry("e1", "t-news", { title: "Edited" });
    data.parsed = data.parsed?.map((entry) => (entry._id === "e1" ? edited : entry));
    await send("entry", { type: "update", templateId: "t-news", entryId: "e1" });
    const [first, second] = await Promise.all([
      client.entry.getAllParsed("news-article"),
      client.entry.getAllParsed("news-article"),
    ]);
    for (const list of [first, second]) {
      expect(list.map((e) => [e._id, (e.meta.en as { title: string }).title])).toEqual([
        ["e1", "Edited"],
        ["e2", "e2"],
      ]);
    }
    expect(first).not.toBe(second); // each reader its own array
    expect(hits("/template/t-news/entry/e1/parse")).toBe(1);
    await client.entry.getAllParsed("news-article");
    expect(hits("/template/t-news/entry/e1/parse")).toBe(1);
    expect(hits("/template/t-news/entry/all/parsed")).toBe(1);
  });

  it("entry delete or unpublish: the entry leaves the kept list without reading the list", async () => {
    await start();
    await client.entry.getAllParsed("news-article");
    await send("entry", { type: "delete", templateId: "t-news", entryId: "e1" });
    expect((await client.entry.getAllParsed("news-article")).map((e) => e._id)).toEqual(["e2"]);
    // An update for an entry the CMS no longer has (404) removes it too.
    data.parsed = data.parsed?.filter((entry) => entry._id !== "e2");
    await send("entry", { type: "update", templateId: "t-news", entryId: "e2" });
    expect(await client.entry.getAllParsed("news-article")).toEqual([]);
    expect(hits("/template/t-news/entry/all/parsed")).toBe(1);
  });

  it("entry update of an entry new to the list: the list is read again", async () => {
    await start();
    await client.entry.getAllParsed("news-article");
    data.parsed?.push(parsedEntry("e3", "t-news"));
    await send("entry", { type: "update", templateId: "t-news", entryId: "e3" });
    expect((await client.entry.getAllParsed("news-article")).map((e) => e._id)).toEqual([
      "e1",
      "e2",
      "e3",
    ]);
    expect(hits("/template/t-news/entry/all/parsed")).toBe(2);
    // Then kept again.
    await client.entry.getAllParsed("news-article");
    expect(hits("/template/t-news/entry/all/parsed")).toBe(2);
  });

  it("entry update: a list whose entries embed the changed one is read again", async () => {
    await start();
    await client.entry.getAllParsed("page");
    await send("entry", { type: "update", templateId: "t-page", entryId: "p2" });
    await client.entry.getAllParsed("page");
    expect(hits("/template/t-page/entry/all/parsed")).toBe(1);
    // p1 embeds e1 (a news article): the page list cannot be patched for it.
    await send("entry", { type: "update", templateId: "t-news", entryId: "e1" });
    await client.entry.getAllParsed("page");
    expect(hits("/template/t-page/entry/all/parsed")).toBe(2);
  });

  it("entry update: an edit during the re-read is not lost", async () => {
    await start();
    await client.entry.getAllParsed("news-article");
    data.delayMs = (path) => (path === "/template/t-news/entry/e1/parse" ? 150 : 0);
    await send("entry", { type: "update", templateId: "t-news", entryId: "e1" });
    const reading = client.entry.getAllParsed("news-article");
    await waitFor(() => hits("/template/t-news/entry/e1/parse") === 1);
    const edited = parsedEntry("e2", "t-news", { title: "Edited meanwhile" });
    data.parsed = data.parsed?.map((entry) => (entry._id === "e2" ? edited : entry));
    await send("entry", { type: "update", templateId: "t-news", entryId: "e2" });
    await reading;
    data.delayMs = undefined;
    const list = await client.entry.getAllParsed("news-article");
    expect((list[1]?.meta.en as { title?: string } | undefined)?.title).toBe("Edited meanwhile");
  });

  it("entry update: drops other templates' parsed entries that embed the entry", async () => {
    await start();
    await client.entry.getAllParsed("page");
    await send("entry", { type: "update", templateId: "t-news", entryId: "e1" });
    await client.entry.getParsed("page", "p2");
    await client.entry.getParsed("page", "p1");
    expect(hits("/template/t-page/entry/p2/parse")).toBe(0);
    expect(hits("/template/t-page/entry/p1/parse")).toBe(1);
  });

  it("entry delete: the entry is gone from the cache", async () => {
    await start();
    await client.entry.get("news-article", "e1");
    data.entries = data.entries?.filter((entry) => entry._id !== "e1");
    await send("entry", { type: "delete", templateId: "t-news", entryId: "e1" });
    await expect(client.entry.get("news-article", "e1")).rejects.toMatchObject({ status: 404 });
  });

  it("media update refreshes the cached item; media delete drops it", async () => {
    await start();
    await client.media.getAll();
    await client.entry.getAllParsed("news-article");
    const media = data.media?.[0];
    if (media) media.name = "renamed.jpg";
    await send("media", { type: "update", mediaId: "m1" });
    await waitFor(() => hits("/media/m1") === 1, 3000, "background refresh");
    expect((await client.media.get("m1")).name).toBe("renamed.jpg");
    expect(hits("/media/m1")).toBe(1);
    // Parsed entries embedding m1 were dropped; the list is refetched.
    await client.entry.getAllParsed("news-article");
    expect(hits("/template/t-news/entry/all/parsed")).toBe(2);

    // An update may change the list (order, membership): it was dropped and is refetched.
    expect(await client.media.getAll()).toHaveLength(1);
    expect(hits("/media/all")).toBe(2);
    data.media = [];
    await send("media", { type: "delete", mediaId: "m1" });
    // The list without the deleted item is still valid.
    expect(await client.media.getAll()).toEqual([]);
    expect(hits("/media/all")).toBe(2);
    await expect(client.media.get("m1")).rejects.toMatchObject({ status: 404 });
    expect(hits("/media/m1")).toBe(2);
  });

  it("a created item (unknown id) drops the list", async () => {
    await start();
    await client.group.getAll();
    data.groups?.push({ _id: "g2", name: "hero", props: [] });
    await send("group", { type: "update", groupId: "g2" });
    expect(await client.group.getAll()).toHaveLength(2);
    expect(hits("/group/all")).toBe(2);
  });

  for (const [kind, segment, idField, id] of [
    ["group", "group", "groupId", "g1"],
    ["widget", "widget", "widgetId", "w1"],
    ["language", "language", "languageId", "l1"],
    ["template", "template", "templateId", "t-page"],
  ] as const) {
    it(`${kind} update refreshes and ${kind} delete drops the cached item`, async () => {
      await start();
      const api = {
        group: client.group,
        widget: client.widget,
        language: client.language,
        template: client.template,
      }[kind];
      await api.get(id);
      await send(kind, { type: "update", [idField]: id });
      await waitFor(() => hits(`/${segment}/${id}`) === 2, 3000, "background refresh");
      await api.get(id);
      expect(hits(`/${segment}/${id}`)).toBe(2);
      await send(kind, { type: "delete", [idField]: id });
      await api.get(id);
      expect(hits(`/${segment}/${id}`)).toBe(3);
    });
  }

  it("entry_status events refetch statuses (BCMS sends a user id there)", async () => {
    await start();
    await client.entryStatus.getAll();
    await send("entry_status", { type: "update", entryStatusId: "some-user-id" });
    await client.entryStatus.getAll();
    expect(hits("/entry-status/all")).toBe(2);
  });

  it("template events refresh the name lookup and drop that template's entries", async () => {
    await start();
    await client.entry.getAllParsed("page");
    await client.entry.getAllParsed("news-article");
    const page = data.templates.find((template) => template._id === "t-page");
    if (page) page.name = "landing";
    // Without an event the fresh list still maps the old name.
    await client.entry.getAllParsed("page");
    await send("template", { type: "update", templateId: "t-page" });
    await expect(client.entry.getAllParsed("page")).rejects.toThrow(
      'Template with Name or ID "page" is not found',
    );
    await client.entry.getAllParsed("landing");
    await client.entry.getAllParsed("news-article");
    expect(hits("/template/t-page/entry/all/parsed")).toBe(2);
    expect(hits("/template/t-news/entry/all/parsed")).toBe(1);
  });

  it("group, widget and language events drop parsed entries", async () => {
    await start();
    await client.entry.getAllParsed("news-article");
    await client.entry.getAll("news-article");
    await send("widget", { type: "update", widgetId: "w1" });
    await client.entry.getAllParsed("news-article");
    await client.entry.getAll("news-article");
    expect(hits("/template/t-news/entry/all/parsed")).toBe(2);
    expect(hits("/template/t-news/entry/all")).toBe(1);
  });

  it("a reconnect drops everything (events may have been missed)", async () => {
    await start();
    await client.entry.getAll("news-article");
    for (const socket of socketServer.clients()) socket.terminate();
    await waitFor(() => client.socket.state !== "open", 3000, "close");
    await waitFor(() => client.socket.state === "open", 5000, "reopen");
    await client.entry.getAll("news-article");
    expect(hits("/template/t-news/entry/all")).toBe(2);
  });

  it("survives garbage on the socket and keeps invalidating", async () => {
    await start();
    await client.entry.getAll("news-article");
    for (const socket of socketServer.clients()) {
      socket.send("garbage");
      socket.send(JSON.stringify({ en: "entry", ed: "not an object" }));
    }
    await send("entry", { type: "update", templateId: "t-news", entryId: "e1" });
    await client.entry.getAll("news-article");
    expect(hits("/template/t-news/entry/all")).toBe(2);
    expect(memory.has("warn", "Invalid message from server")).toBe(true);
  });
});
