/** Writes: validated like BCMS, durable on disk, announced on the socket. */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../app/logging/logger.server";
import { startContentServer } from "../../content-server/server";
import { checkSnapshot } from "../../content-server/snapshot-check";
import {
  type Json,
  jsonBody,
  openSocket,
  startTestServer,
  type TestServer,
} from "../support/content-server-harness";
import { articleProps, IDS, PROPS } from "../support/snapshot-builder";

let t: TestServer;

beforeEach(async () => {
  t = await startTestServer();
});

afterEach(async () => {
  await t.close();
});

const article = `/template/${IDS.templateArticle}/entry`;

function createBody(title: string, slug: string, overrides: Record<string, unknown> = {}) {
  return {
    statuses: [{ lng: "en", id: IDS.draft }],
    meta: [{ lng: "en", props: articleProps(title, slug, overrides) }],
    content: [
      {
        lng: "en",
        nodes: [{ type: "paragraph", content: [{ type: "text", text: "Hi <there>" }] }],
        plainText: "",
      },
    ],
  };
}

async function readEntryFile(id: string): Promise<Json> {
  return JSON.parse(await readFile(join(t.fixture.dir, "entries", `${id}.json`), "utf8"));
}

describe("create", () => {
  it("stores a valid entry durably, answers {item} and announces it", async () => {
    const socket = await openSocket(t.server);
    try {
      const { status, body } = await t.json(
        `${article}/create`,
        jsonBody("POST", createBody("New one", "new-one")),
      );
      expect(status).toBe(200);
      const item = body.item;
      expect(item._id).toMatch(/^[0-9a-f]{24}$/);
      expect(item).toMatchObject({
        templateId: IDS.templateArticle,
        instanceId: t.server.identity.instanceId,
        statuses: [{ lng: "en", id: IDS.draft }],
      });
      expect(item.content[0].plainText).toBe("Hi <there>");
      expect(typeof item.createdAt).toBe("number");

      const text = await readFile(join(t.fixture.dir, "entries", `${item._id}.json`), "utf8");
      expect(text).toBe(`${JSON.stringify(item, null, 2)}\n`);
      const event = await socket.waitFor((e) => e.en === "entry");
      expect(event.ed).toEqual({
        type: "update",
        templateId: IDS.templateArticle,
        entryId: item._id,
        instanceId: t.server.identity.instanceId,
      });
      const parsed = await t.json(`${article}/new-one/parse`);
      expect(parsed.body.item.meta.en.title).toBe("New one");
      expect(parsed.body.item.content.en[0].value).toBe("<p>Hi &lt;there&gt;</p>");
    } finally {
      socket.close();
    }
  });

  it("accepts a status label and stores its id", async () => {
    const body = {
      ...createBody("Labelled", "labelled"),
      statuses: [{ lng: "en", id: "Published" }],
    };
    const created = await t.json(`${article}/create`, jsonBody("POST", body));
    expect(created.body.item.statuses).toEqual([{ lng: "en", id: IDS.published }]);
  });

  it("refuses invalid values with 400 [path] -> message, storing nothing", async () => {
    const before = await readdir(join(t.fixture.dir, "entries"));
    const cases: [unknown, string][] = [
      [
        createBody("", "x"),
        "[body.meta.en.props.title.data.0] -> Property is required and must contain a value",
      ],
      [
        createBody("T", "t", { [PROPS.category]: ["sports"] }),
        "[body.meta.en.props.category.data.0] -> Enumeration value",
      ],
      [
        createBody("T", "t", { [PROPS.cover]: [{ _id: "65aa000000000000000000ff" }] }),
        '[body.meta.en.props.cover.data.0] -> Media with ID "65aa000000000000000000ff" does not exist',
      ],
      [
        createBody("T", "t", {
          [PROPS.related]: [{ tid: IDS.templateArticle, eid: "65aa000000000000000000ee" }],
        }),
        '[body.meta.en.props.related.data.0.eid] -> Entry with ID "65aa000000000000000000ee" does not exist',
      ],
      [
        createBody("T", "t", { [PROPS.views]: ["many"] }),
        "[body.meta.en.props.views.data.0] -> Expected a number value",
      ],
      [
        {
          ...createBody("T", "t"),
          meta: [{ lng: "en", props: articleProps("T", "t").slice(1) }],
        },
        "[body.meta.en.props] -> props and values are not the same length.",
      ],
      [
        { ...createBody("T", "t"), statuses: [{ lng: "fr", id: IDS.draft }] },
        "[body.statuses.0.lng] -> Provided language is not available",
      ],
      [
        { ...createBody("T", "t"), statuses: [{ lng: "en", id: "Archived" }] },
        '[body.statuses.0.id] -> Entry status "Archived" does not exist',
      ],
      [{ ...createBody("T", "t"), meta: "nope" }, "[body.meta] -> Expected an array"],
      [
        {
          ...createBody("T", "t"),
          content: [
            {
              lng: "en",
              nodes: [{ type: "widget", attrs: { data: { _id: IDS.widgetCta, props: [] } } }],
            },
          ],
        },
        "[body.content.en.nodes.0.attrs.data.props] -> props and values are not the same length.",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await t.json(`${article}/create`, jsonBody("POST", body));
      expect(response.status, message).toBe(400);
      expect(
        response.body.message.startsWith(message),
        `${response.body.message} / ${message}`,
      ).toBe(true);
    }
    expect(await readdir(join(t.fixture.dir, "entries"))).toEqual(before);
  });

  it("keeps data after a restart", async () => {
    const created = await t.json(`${article}/create`, jsonBody("POST", createBody("Kept", "kept")));
    await t.server.close();
    const again = await startContentServer({
      dir: t.fixture.dir,
      port: 0,
      logger: silentLogger,
      watch: false,
      cacheDir: t.cacheDir,
    });
    try {
      const response = await fetch(`${again.url}${t.basePath}${article}/${created.body.item._id}`, {
        headers: { Authorization: t.authorization },
      });
      expect((await response.json()).item).toEqual(created.body.item);
    } finally {
      await again.close();
    }
  });

  it("serialises concurrent writes: all land, none lost", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.json(`${article}/create`, jsonBody("POST", createBody(`C${i}`, `c-${i}`))),
      ),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const all = await t.json(`${article}/all`);
    expect(all.body.items).toHaveLength(22);
    expect((await checkSnapshot(t.fixture.dir)).problems).toEqual([]);
  });
});

describe("update", () => {
  const update = `${article}/${IDS.article1}/update`;

  it("updates one language, keeps the others, and announces it", async () => {
    const socket = await openSocket(t.server);
    try {
      const before = await readEntryFile(IDS.article1);
      const { status, body } = await t.json(
        update,
        jsonBody("PUT", {
          lng: "de",
          status: IDS.published,
          meta: { props: articleProps("Neu", "neu") },
          content: { nodes: [{ type: "horizontalRule" }] },
        }),
      );
      expect(status).toBe(200);
      expect(body.item.updatedAt).toBeGreaterThan(before.updatedAt);
      expect(body.item.statuses).toEqual([
        { lng: "en", id: IDS.published },
        { lng: "de", id: IDS.published },
      ]);
      const stored = await readEntryFile(IDS.article1);
      expect(stored).toEqual(body.item);
      expect(stored.meta.find((m: Json) => m.lng === "en")).toEqual(
        before.meta.find((m: Json) => m.lng === "en"),
      );
      expect(stored.content.find((c: Json) => c.lng === "en")).toEqual(
        before.content.find((c: Json) => c.lng === "en"),
      );
      const event = await socket.waitFor((e) => e.en === "entry");
      expect(event.ed).toMatchObject({
        type: "update",
        entryId: IDS.article1,
        templateId: IDS.templateArticle,
      });
      const parsed = await t.json(`${article}/neu/parse`);
      expect(parsed.body.item.content.de).toEqual([{ type: "horizontalRule", value: "<hr />" }]);
    } finally {
      socket.close();
    }
  });

  it("refuses an unknown language or status and invalid values", async () => {
    const good = { lng: "en", meta: { props: articleProps("A", "a") }, content: { nodes: [] } };
    const cases: [unknown, string][] = [
      [{ ...good, lng: "fr" }, "[body.lng] -> Provided language is not available"],
      [{ ...good, lng: undefined }, "[body.lng] -> Provided language is not available"],
      [
        { ...good, status: "65aa000000000000000000ff" },
        '[body.status] -> Entry status "65aa000000000000000000ff" does not exist',
      ],
      [
        { ...good, meta: { props: articleProps("A", "a").slice(0, 3) } },
        "[body.meta.props] -> props and values are not the same length.",
      ],
      [
        { ...good, meta: { props: articleProps("A", "") } },
        "[body.meta.props.slug.data.0] -> Property is required",
      ],
      [{ ...good, content: {} }, "[body.content.nodes] -> Rich text needs a nodes array"],
    ];
    for (const [body, message] of cases) {
      const response = await t.json(update, jsonBody("PUT", body));
      expect(response.status, message).toBe(400);
      expect(
        response.body.message.startsWith(message),
        `${response.body.message} / ${message}`,
      ).toBe(true);
    }
    const missing = await t.json(
      `${article}/65aa000000000000000000ff/update`,
      jsonBody("PUT", good),
    );
    expect(missing.status).toBe(404);
  });
});

describe("delete", () => {
  it("deletes the entry, removes pointers to it and announces both", async () => {
    const socket = await openSocket(t.server);
    try {
      const { status, body } = await t.json(`${article}/${IDS.article2}`, { method: "DELETE" });
      expect(status).toBe(200);
      expect(body.item._id).toBe(IDS.article2);
      expect((await t.json(`${article}/${IDS.article2}`)).status).toBe(404);
      expect(await readdir(join(t.fixture.dir, "entries"))).not.toContain(`${IDS.article2}.json`);
      const article1 = await readEntryFile(IDS.article1);
      expect(article1.meta[0].props.find((p: Json) => p.id === PROPS.related).data).toEqual([]);
      await socket.waitFor(
        (e) => e.en === "entry" && e.ed.type === "delete" && e.ed.entryId === IDS.article2,
      );
      await socket.waitFor(
        (e) => e.en === "entry" && e.ed.type === "update" && e.ed.entryId === IDS.article1,
      );
      expect((await checkSnapshot(t.fixture.dir)).problems).toEqual([]);
    } finally {
      socket.close();
    }
  });
});

describe("templates", () => {
  it("renames and adds/removes props, keeping every entry at one value per prop", async () => {
    const socket = await openSocket(t.server);
    try {
      const { status, body } = await t.json(
        `/template/${IDS.templateArticle}/update`,
        jsonBody("PUT", {
          label: "Blog Post",
          propChanges: [
            {
              add: {
                label: "Reading time",
                type: "NUMBER",
                required: false,
                array: false,
                data: { propNumber: [] },
              },
            },
            { remove: PROPS.summary },
          ],
        }),
      );
      expect(status).toBe(200);
      expect(body.item.name).toBe("blog-post");
      const added = body.item.props.find((p: Json) => p.name === "reading_time");
      expect(added.type).toBe("NUMBER");
      expect(body.item.props.some((p: Json) => p.id === PROPS.summary)).toBe(false);
      const stored = await readEntryFile(IDS.article2);
      expect(stored.meta[0].props.some((p: Json) => p.id === added.id)).toBe(true);
      expect(stored.meta[0].props.some((p: Json) => p.id === PROPS.summary)).toBe(false);
      await socket.waitFor((e) => e.en === "template" && e.ed.templateId === IDS.templateArticle);
      expect((await t.json("/template/blog-post/entry/all")).body.items).toHaveLength(2);
      expect((await checkSnapshot(t.fixture.dir)).problems).toEqual([]);
      const refused = await t.json(
        `/template/${IDS.templateArticle}/update`,
        jsonBody("PUT", { propChanges: [{ remove: PROPS.title }] }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/cannot be removed/);
    } finally {
      socket.close();
    }
  });

  it("deletes a template with its entries", async () => {
    const socket = await openSocket(t.server);
    try {
      const { status } = await t.json(`/template/${IDS.templatePerson}`, { method: "DELETE" });
      expect(status).toBe(200);
      expect((await t.json(`/template/${IDS.templatePerson}`)).status).toBe(404);
      const entries = await readdir(join(t.fixture.dir, "entries"));
      expect(entries).not.toContain(`${IDS.personA}.json`);
      expect(entries).toContain(`${IDS.article1}.json`);
      await socket.waitFor((e) => e.en === "template" && e.ed.type === "delete");
      await socket.waitFor(
        (e) => e.en === "entry" && e.ed.type === "delete" && e.ed.entryId === IDS.personB,
      );
      expect((await checkSnapshot(t.fixture.dir)).problems).toEqual([]);
    } finally {
      socket.close();
    }
  });
});

describe("live edits of the snapshot folder", () => {
  it("picks up files changed on disk and announces them", async () => {
    await t.server.close();
    const watched = await startContentServer({
      dir: t.fixture.dir,
      port: 0,
      logger: silentLogger,
      cacheDir: t.cacheDir,
    });
    const socket = await openSocket(watched);
    try {
      const language = {
        _id: "65aa0000000000000000000a",
        createdAt: 5,
        updatedAt: 5,
        code: "fr",
        name: "French",
        nativeName: "Français",
        default: false,
      };
      await writeFile(
        join(t.fixture.dir, "languages", `${language._id}.json`),
        JSON.stringify(language),
      );
      const event = await socket.waitFor((e) => e.en === "language");
      expect(event.ed).toMatchObject({ type: "update", languageId: language._id });
      const list = await fetch(`${watched.url}${t.basePath}/language/all`, {
        headers: { Authorization: t.authorization },
      });
      expect((await list.json()).items.map((l: Json) => l.code)).toContain("fr");
      // Our own writes are not announced twice.
      socket.events.length = 0;
      await fetch(`${watched.url}${t.basePath}${article}/create`, {
        ...jsonBody("POST", createBody("Once", "once")),
        headers: { Authorization: t.authorization, "Content-Type": "application/json" },
      });
      await socket.waitFor((e) => e.en === "entry");
      // A change made on disk after it, and announced: the watcher has looked at the folder
      // since our write, so a second announcement of it would have come by now.
      const later = { ...language, _id: "65aa0000000000000000000b", code: "de", name: "German" };
      await writeFile(
        join(t.fixture.dir, "languages", `${later._id}.json`),
        JSON.stringify({ ...later, nativeName: "Deutsch" }),
      );
      await socket.waitFor((e) => e.en === "language" && e.ed.languageId === later._id);
      expect(socket.events.filter((e) => e.en === "entry")).toHaveLength(1);
    } finally {
      socket.close();
      await watched.close();
    }
  });
});
