/**
 * Contract: the official @thebcms/client 1.5.7, pointed at the local content
 * service, reads and writes through it as it would against BCMS Cloud.
 */
import { Client } from "@thebcms/client";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, startTestServer, type TestServer } from "../support/content-server-harness";
import { IDS, LOGO_SVG } from "../support/snapshot-builder";

let t: TestServer;
let client: Client;

function makeClient(injectSvg: boolean): Client {
  const { identity } = t.server;
  return new Client(
    identity.orgId,
    identity.instanceId,
    { id: identity.apiKeyId, secret: identity.apiKeySecret },
    { cmsOrigin: t.server.url, injectSvg, useMemCache: false, enableSocket: false },
  );
}

beforeAll(async () => {
  t = await startTestServer();
  client = makeClient(false);
});

afterAll(async () => {
  await t.close();
});

describe("@thebcms/client against the local content service", () => {
  it("lists templates", async () => {
    const templates = await client.template.getAll();
    expect(templates.map((template) => template.name)).toEqual(["article", "person"]);
    expect((await client.template.getById(IDS.templatePerson)).name).toBe("person");
  });

  it("gets all parsed entries of a template by name", async () => {
    const entries = await client.entry.getAll("article");
    expect(entries.map((entry) => entry._id)).toEqual([IDS.article1, IDS.article2]);
    expect(entries[0]?.meta.en?.title).toBe("Hello <world>");
    expect(entries[0]?.templateName).toBe("article");
  });

  it("gets one entry by id, by slug, raw, lite and by status", async () => {
    const entry = await client.entry.getById(IDS.article1, "article");
    expect(entry.meta.en?.slug).toBe("hello-world");
    expect((entry.content.en as Json[]).some((item) => item.widgetName === "stats")).toBe(true);
    expect((await client.entry.getBySlug("bob", "person"))._id).toBe(IDS.personB);
    expect((await client.entry.getByIdRaw(IDS.personA, "person")).meta[0]?.lng).toBe("en");
    expect((await client.entry.getByIdLite(IDS.personA, "person")).info[0]?.title).toBe("Alice");
    expect((await client.entry.getAllLite("person")).map((entry) => entry.info[0]?.slug)).toEqual([
      "alice",
      "bob",
      "narcissus",
    ]);
    expect(
      (await client.entry.getAllByStatus("person", "Draft")).map((entry) => entry._id),
    ).toEqual([IDS.personSelf]);
    expect(
      (await client.entry.getAllRawByStatus("article", IDS.published)).map((entry) => entry._id),
    ).toEqual([IDS.article1]);
  });

  it("gets media and media binaries with a size transform", async () => {
    const media = await client.media.getAll();
    expect(media).toHaveLength(5);
    const photo = await client.media.getById(IDS.mediaPhoto);
    expect(photo.sizeTransforms).toEqual(["350x175", "650x325", "800x400"]);
    expect(client.media.resolvePath(photo, media)).toBe("/images/photo.png");
    const small = await client.media.getMediaBin(IDS.mediaPhoto, photo.name, {
      sizeTransform: "350x175",
    });
    expect(await sharp(Buffer.from(small)).metadata()).toMatchObject({
      format: "png",
      width: 350,
      height: 175,
    });
    const webp = await client.media.getMediaBin(IDS.mediaPhoto, "photo.webp", {
      webp: true,
      sizeTransform: "650x325",
    });
    expect(await sharp(Buffer.from(webp)).metadata()).toMatchObject({ format: "webp", width: 650 });
    const thumbnail = await client.media.getMediaBin(IDS.mediaPhoto, photo.name, {
      thumbnail: true,
    });
    expect(await sharp(Buffer.from(thumbnail)).metadata()).toMatchObject({ width: 200 });
  });

  it("injects SVG markup when asked", async () => {
    const svgClient = makeClient(true);
    const logo = (await svgClient.media.getAll()).find((item) => item._id === IDS.mediaLogo);
    expect(logo?.svg).toBe(LOGO_SVG);
  });

  it("reads languages, statuses, groups, widgets and generated types", async () => {
    expect((await client.language.getAll()).map((language) => language.code)).toEqual(["en", "de"]);
    expect((await client.entryStatus.getAll()).map((status) => status.label)).toEqual([
      "Published",
      "Draft",
    ]);
    expect((await client.group.getAll()).map((group) => group.name)).toEqual([
      "seo",
      "author",
      "stat",
    ]);
    expect((await client.widget.getAll()).map((widget) => widget.name)).toEqual(["cta", "stats"]);
    const files = await client.typeGenerator.getFiles("ts");
    expect(files.map((file) => file.path)).toContain("entry/person.ts");
  });

  it("creates, updates and deletes an entry through the parsed-data API", async () => {
    const created = await client.entry.create("person", {
      statuses: [{ lng: "en", id: IDS.published }],
      meta: [
        {
          lng: "en",
          data: {
            title: "Carol",
            slug: "carol",
            bio: "New here",
            friend: { entryId: IDS.personA, templateId: IDS.templatePerson },
          },
        },
      ],
      content: [
        { lng: "en", nodes: [{ type: "paragraph", content: [{ type: "text", text: "Hello" }] }] },
      ],
    });
    expect(created._id).toMatch(/^[0-9a-f]{24}$/);
    const parsed = await client.entry.getById(created._id, "person");
    expect(parsed.meta.en?.friend).toMatchObject({ _id: IDS.personA });
    expect(parsed.content.en).toEqual([{ type: "paragraph", value: "<p>Hello</p>" }]);

    await client.entry.update("person", created._id, {
      lng: "en",
      status: IDS.draft,
      meta: { title: "Carol B.", slug: "carol" },
      content: [],
    });
    const updated = await client.entry.getBySlug("carol", "person");
    expect(updated.meta.en?.title).toBe("Carol B.");
    expect(updated.meta.en?.bio).toBe("New here");
    expect(updated.statuses).toEqual([{ lng: "en", id: IDS.draft, label: "Draft" }]);

    await client.entry.deleteById(created._id, "person");
    await expect(client.entry.getById(created._id, "person")).rejects.toMatchObject({
      response: { status: 404, data: { message: `Entry with ID "${created._id}" does not exist` } },
    });
  });

  it("surfaces validation errors as BCMS does (400 with a message)", async () => {
    await expect(
      client.entry.createRaw("person", {
        statuses: [],
        meta: [{ lng: "en", props: [] }],
        content: [],
      }),
    ).rejects.toMatchObject({
      response: {
        status: 400,
        data: { message: "[body.meta.en.props] -> props and values are not the same length." },
      },
    });
  });
});
