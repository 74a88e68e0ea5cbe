import { afterEach, describe, expect, it } from "vitest";
import {
  createMemoryLogger,
  everythingAbout,
  type StubData,
  startBcmsStub,
  startHttpServer,
  TEST_BASE,
  TEST_KEY_ID,
  TEST_SECRET,
  type TestHttpServer,
  testConfig,
  unusedPort,
  waitFor,
} from "../tests/support/bcms";
import { testProp as prop } from "../tests/support/bcms-props";
import { createBcmsClient } from "./client";
import {
  DEFAULT_CMS_ORIGIN,
  DEFAULT_REQUEST_TIMEOUT_MS,
  instanceConfig,
  resolveConfig,
} from "./config";
import {
  BcmsCanceledError,
  BcmsConfigError,
  BcmsError,
  BcmsNetworkError,
  BcmsTemplateNotFoundError,
  BcmsValidationError,
} from "./errors";
import { MISSING_REQUIRED_VALUE_MESSAGE } from "./validation";

const templates = [
  {
    _id: "t-news",
    name: "news-article",
    label: "News",
    props: [
      prop("title", "STRING", { required: true }),
      prop("slug", "STRING", { required: true }),
      prop("views", "NUMBER"),
      prop("seo", "GROUP_POINTER", { data: { propGroupPointer: { _id: "g-seo" } } }),
    ],
  },
  { _id: "t-page", name: "page", label: "Page", props: [prop("title", "STRING")] },
];

function stubData(): StubData {
  const svgMedia = {
    _id: "m-logo",
    name: "logo.svg",
    type: "SVG",
    mimetype: "image/svg+xml",
    src: "/logo.svg",
    width: -1,
    height: -1,
  };
  return {
    templates: structuredClone(templates),
    groups: [{ _id: "g-seo", name: "seo", props: [prop("title", "STRING", { required: true })] }],
    widgets: [{ _id: "w-cta", name: "cta", props: [] }],
    languages: [{ _id: "l-en", code: "en", name: "English" }],
    statuses: [
      { _id: "s-pub", label: "Published" },
      { _id: "s-draft", label: "Draft" },
    ],
    media: [
      { _id: "m-logo", name: "logo.svg", type: "SVG", mimetype: "image/svg+xml" },
      { _id: "m-img", name: "cover.jpg", type: "IMG", mimetype: "image/jpeg" },
    ],
    entries: [
      {
        _id: "e1",
        templateId: "t-news",
        statuses: [{ lng: "en", id: "s-pub" }],
        meta: [
          {
            lng: "en",
            props: [
              { id: "p-title", data: ["Hello"] },
              { id: "p-slug", data: ["hello"] },
              { id: "p-views", data: [12] },
              { id: "p-seo", data: { _id: "g-seo", items: [] } },
            ],
          },
        ],
        content: [{ lng: "en", nodes: [{ type: "paragraph" }], plainText: "" }],
      },
    ],
    parsed: [
      {
        _id: "e1",
        templateId: "t-news",
        templateName: "news-article",
        statuses: [{ lng: "en", id: "s-pub", label: "Published" }],
        meta: { en: { title: "Hello", slug: "hello", logo: svgMedia, gallery: [null, svgMedia] } },
        content: { en: [{ type: "media", value: { ...svgMedia } }] },
      },
    ],
    files: { "m-logo": '<svg xmlns="http://www.w3.org/2000/svg"/>' },
  };
}

let stub: TestHttpServer | null = null;
let closeClient: (() => void) | null = null;
afterEach(async () => {
  closeClient?.();
  closeClient = null;
  await stub?.close();
  stub = null;
});

async function setup(extra: Parameters<typeof testConfig>[1] = {}, data = stubData()) {
  stub = await startBcmsStub(data);
  const memory = createMemoryLogger();
  const client = createBcmsClient(testConfig(stub.origin, { logger: memory.logger, ...extra }));
  closeClient = () => client.close();
  const server = stub;
  const paths = () =>
    server.requests.map((request) => `${request.method} ${request.url.replace(TEST_BASE, "")}`);
  return { client, data, memory, stub: server, paths };
}

describe("configuration", () => {
  it("applies the defaults", () => {
    const config = resolveConfig({ orgId: "o", instanceId: "i", apiKey: { id: "k", secret: "s" } });
    expect(config).toMatchObject({
      cmsOrigin: DEFAULT_CMS_ORIGIN,
      useMemCache: false,
      debug: false,
      enableSocket: false,
      injectSvg: false,
      timeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
    });
    expect(DEFAULT_CMS_ORIGIN).toBe("https://app.thebcms.com");
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(60000);
    expect(typeof config.logger.warn).toBe("function");
  });

  it("configures a client from an instance's origin, ids and key", () => {
    const apiKey = { id: "k", secret: "s" };
    const instance = { origin: "http://127.0.0.1:3100", orgId: "o", instanceId: "i", apiKey };
    expect(instanceConfig(instance, { timeoutMs: 5 })).toEqual({
      orgId: "o",
      instanceId: "i",
      apiKey,
      cmsOrigin: "http://127.0.0.1:3100",
      timeoutMs: 5,
    });
  });

  it("lists every problem without echoing the secret", () => {
    const attempt = () =>
      resolveConfig({
        orgId: "",
        instanceId: "i",
        apiKey: { id: "k", secret: TEST_SECRET },
        cmsOrigin: `ftp://x?key=${TEST_SECRET}`,
        timeoutMs: -1,
      });
    expect(attempt).toThrow(BcmsConfigError);
    const error = (() => {
      try {
        attempt();
      } catch (e) {
        return e;
      }
    })();
    expect(String((error as Error).message)).toMatch(/orgId.*cmsOrigin.*timeoutMs/);
    expect(everythingAbout(error)).not.toContain(TEST_SECRET);
  });

  it("exposes the configuration without the secret", async () => {
    const { client } = await setup();
    expect(client.config.apiKeyId).toBe(TEST_KEY_ID);
    expect(JSON.stringify(client.config)).not.toContain(TEST_SECRET);
  });
});

describe("content-service calls", () => {
  it("calls every entry route with the template id, unwrapping items and item", async () => {
    const { client, paths } = await setup();
    expect(await client.entry.getAll("news-article")).toHaveLength(1);
    expect((await client.entry.getAllParsed("t-news"))[0]?.templateName).toBe("news-article");
    expect(await client.entry.getAllLite("news-article")).toHaveLength(1);
    expect(await client.entry.getAllByStatus("news-article", "s-pub")).toHaveLength(1);
    expect(await client.entry.getAllByStatusParsed("news-article", "Published")).toHaveLength(1);
    expect((await client.entry.get("news-article", "e1"))._id).toBe("e1");
    expect((await client.entry.getLite("news-article", "e1"))._id).toBe("e1");
    expect((await client.entry.getParsed("news-article", "e1"))._id).toBe("e1");
    expect((await client.entry.getParsed("news-article", "hello"))._id).toBe("e1");
    expect((await client.entry.delete("news-article", "e1"))._id).toBe("e1");
    expect(paths().filter((path) => !path.endsWith("/template/all"))).toEqual([
      "GET /template/t-news/entry/all",
      "GET /template/t-news/entry/all/parsed",
      "GET /template/t-news/entry/all/lite",
      "GET /template/t-news/entry/all_by_status/s-pub",
      "GET /template/t-news/entry/all_by_status/Published/parsed",
      "GET /template/t-news/entry/e1",
      "GET /template/t-news/entry/e1/lite",
      "GET /template/t-news/entry/e1/parse",
      "GET /template/t-news/entry/hello/parse",
      "DELETE /template/t-news/entry/e1",
    ]);
  });

  it("URL-encodes ids, slugs and status labels", async () => {
    const { client, paths } = await setup();
    await client.entry.getAllByStatus("news-article", "In review/2").catch(() => {});
    await client.entry.getParsed("news-article", "a b?c").catch(() => {});
    expect(paths()).toContain("GET /template/t-news/entry/all_by_status/In%20review%2F2");
    expect(paths()).toContain("GET /template/t-news/entry/a%20b%3Fc/parse");
  });

  it("calls the other namespaces, including the real where-is-it-used URL of templates", async () => {
    const { client, paths } = await setup();
    expect(await client.template.getAll()).toHaveLength(2);
    expect((await client.template.get("t-page")).name).toBe("page");
    expect(await client.template.whereIsItUsed("t-page")).toEqual({
      groupsIds: [],
      templateIds: ["t-page"],
      widgetIds: [],
    });
    expect((await client.template.update("t-page", { label: "Pages" })).label).toBe("Pages");
    expect((await client.template.delete("t-page"))._id).toBe("t-page");
    expect(await client.entryStatus.getAll()).toHaveLength(2);
    expect((await client.entryStatus.get("s-pub")).label).toBe("Published");
    expect(await client.group.getAll()).toHaveLength(1);
    expect((await client.group.get("g-seo")).name).toBe("seo");
    expect(await client.group.whereIsItUsed("g-seo")).toEqual({
      groupIds: ["g9"],
      templateIds: [],
      widgetIds: [],
    });
    expect(await client.language.getAll()).toHaveLength(1);
    expect((await client.language.get("l-en")).code).toBe("en");
    expect(await client.media.getAll()).toHaveLength(2);
    expect((await client.media.get("m-img")).name).toBe("cover.jpg");
    expect(await client.widget.getAll()).toHaveLength(1);
    expect((await client.widget.get("w-cta")).name).toBe("cta");
    expect(await client.widget.whereIsItUsed("w-cta")).toEqual({ entryIds: ["e1"] });
    expect(await client.typeGenerator.getFiles("ts")).toEqual([
      { path: "types/ts/index.d.ts", content: "export {}" },
    ]);
    expect(paths()).toEqual([
      "GET /template/all",
      "GET /template/t-page",
      "GET /template/t-page/where-is-it-used",
      "PUT /template/t-page/update",
      "DELETE /template/t-page",
      "GET /entry-status/all",
      "GET /entry-status/s-pub",
      "GET /group/all",
      "GET /group/g-seo",
      "GET /group/g-seo/where-is-it-used",
      "GET /language/all",
      "GET /language/l-en",
      "GET /media/all",
      "GET /media/m-img",
      "GET /widget/all",
      "GET /widget/w-cta",
      "GET /widget/w-cta/where-is-it-used",
      "GET /type-generator/ts",
    ]);
  });

  it("fetches media binaries with webp, sizeT and tmb flags and the auth header", async () => {
    const { client, stub: server } = await setup();
    const bytes = await client.media.getBin("m-logo", "logo.svg", {
      webp: true,
      sizeTransform: "350x233",
      thumbnail: true,
    });
    expect(new TextDecoder().decode(bytes)).toContain("<svg");
    const request = server.requests.at(-1);
    expect(request?.url).toBe(`${TEST_BASE}/media/m-logo/bin2/logo.svg?webp=t&sizeT=350x233&tmb=t`);
    expect(request?.headers.authorization).toBe(`ApiKey ${TEST_KEY_ID}.${TEST_SECRET}`);
    expect(client.media.binUrl("m-logo", "logo.svg")).toBe(
      `${server.origin}${TEST_BASE}/media/m-logo/bin2/logo.svg`,
    );
    expect(client.media.proxyUrl("/media", "m-logo", "logo.svg", { webp: true })).toBe(
      "/media/m-logo/logo.svg?webp=t",
    );
    await expect(
      client.media.getSvg({ _id: "m-img", name: "cover.jpg", type: "IMG" }),
    ).rejects.toThrow("Provided media is not of type SVG");
    expect(await client.media.getSvg({ _id: "m-logo", name: "logo.svg", type: "SVG" })).toContain(
      "<svg",
    );
  });

  it("streams media binaries as a Response, with the flags, extra headers and the auth header", async () => {
    const { client, stub: server } = await setup();
    const response = await client.media.fetchBin("m-logo", "logo.svg", {
      webp: true,
      sizeTransform: "350x233",
      headers: { "if-none-match": '"old"' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(await response.text()).toContain("<svg");
    const request = server.requests.at(-1);
    expect(request?.url).toBe(`${TEST_BASE}/media/m-logo/bin2/logo.svg?webp=t&sizeT=350x233`);
    expect(request?.headers.authorization).toBe(`ApiKey ${TEST_KEY_ID}.${TEST_SECRET}`);
    expect(request?.headers["if-none-match"]).toBe('"old"');
    const missing = await client.media.fetchBin("m-none", "x.png").catch((e) => e);
    expect(missing).toBeInstanceOf(BcmsError);
    expect(missing).toMatchObject({ status: 404 });
  });

  it("sends binaries of the hosted app to the CDN host", async () => {
    const client = createBcmsClient({
      ...testConfig("https://app.thebcms.com"),
    });
    closeClient = () => client.close();
    expect(client.media.binUrl("m1", "a.png", { sizeTransform: "350x233" })).toBe(
      `https://cdn.thebcms.com${TEST_BASE}/media/m1/bin2/a.png?sizeT=350x233`,
    );
  });

  it("reports HTTP failures as BcmsError without the secret", async () => {
    const { client, memory } = await setup({ debug: true });
    const error = await client.entry.get("news-article", "missing").catch((e) => e);
    expect(error).toBeInstanceOf(BcmsError);
    expect(error).toMatchObject({
      status: 404,
      method: "GET",
      path: `${TEST_BASE}/template/t-news/entry/missing`,
      serverMessage: 'Entry with ID "missing" does not exist',
    });
    expect(everythingAbout(error)).not.toContain(TEST_SECRET);
    expect(memory.lines.length).toBeGreaterThan(0);
    expect(memory.text()).not.toContain(TEST_SECRET);
  });
});

describe("readiness ping", () => {
  it("resolves when the CMS answers an authenticated language/all", async () => {
    const { client, paths, stub: server } = await setup();
    await expect(client.ping()).resolves.toBe(200);
    expect(paths()).toEqual(["GET /language/all"]);
    expect(server.requests[0]?.headers.authorization).toBe(`ApiKey ${TEST_KEY_ID}.${TEST_SECRET}`);
  });

  it("rejects with the BcmsError telling why not, without the secret", async () => {
    stub = await startBcmsStub(stubData());
    const wrongKey = createBcmsClient(
      testConfig(stub.origin, { apiKey: { id: TEST_KEY_ID, secret: `${TEST_SECRET}-wrong` } }),
    );
    const refused = createBcmsClient(testConfig(`http://127.0.0.1:${await unusedPort()}`));
    closeClient = () => {
      wrongKey.close();
      refused.close();
    };
    const unauthorized = await wrongKey.ping().catch((e) => e);
    expect(unauthorized).toBeInstanceOf(BcmsError);
    expect(unauthorized).toMatchObject({ kind: "http", status: 401 });
    expect(everythingAbout(unauthorized)).not.toContain(TEST_SECRET);
    const unreachable = await refused.ping().catch((e) => e);
    expect(unreachable).toBeInstanceOf(BcmsNetworkError);
  });
});

describe("template lookup", () => {
  it("fails with the exact message for an unknown name or id", async () => {
    const { client } = await setup();
    const error = await client.entry.getAll("nope").catch((e) => e);
    expect(error).toBeInstanceOf(BcmsTemplateNotFoundError);
    expect(error.message).toBe('Template with Name or ID "nope" is not found');
  });

  it("keeps the list, but reloads it when a name is not found", async () => {
    const { client, data, paths } = await setup();
    await client.entry.getAll("news-article");
    await client.entry.getAll("page");
    expect(paths().filter((path) => path === "GET /template/all")).toHaveLength(1);
    data.templates.push({ _id: "t-job", name: "job", label: "Job", props: [] });
    expect(await client.entry.getAll("job")).toEqual([]);
    expect(paths().filter((path) => path === "GET /template/all")).toHaveLength(2);
    await expect(client.template.resolve("still-missing")).rejects.toThrow(
      'Template with Name or ID "still-missing" is not found',
    );
    expect(paths().filter((path) => path === "GET /template/all")).toHaveLength(3);
  });
});

describe("inline SVG (injectSvg)", () => {
  it("sets svg on parsed media everywhere, fetching each SVG once", async () => {
    const { client, paths } = await setup({ injectSvg: true });
    const [entry] = await client.entry.getAllParsed("news-article");
    const meta = entry?.meta.en as Record<
      string,
      { svg?: string } | Array<{ svg?: string } | null>
    >;
    expect((meta.logo as { svg?: string }).svg).toContain("<svg");
    expect((meta.gallery as Array<{ svg?: string } | null>)[1]?.svg).toContain("<svg");
    const item = entry?.content.en?.[0]?.value as { svg?: string };
    expect(item.svg).toContain("<svg");
    expect(paths().filter((path) => path.includes("/bin2/"))).toEqual([
      "GET /media/m-logo/bin2/logo.svg",
    ]);
    const media = await client.media.getAll();
    expect(media.find((m) => m._id === "m-logo")?.svg).toContain("<svg");
    expect(media.find((m) => m._id === "m-img")?.svg).toBeUndefined();
  });

  it("leaves svg unset (and logs) when an SVG binary is missing", async () => {
    const data = stubData();
    data.files = {};
    const { client, memory } = await setup({ injectSvg: true }, data);
    const entry = await client.entry.getParsed("news-article", "e1");
    expect((entry.meta.en as { logo: { svg?: string } }).logo.svg).toBeUndefined();
    expect(memory.lines.some((line) => line.level === "warn")).toBe(true);
  });
});

describe("writes", () => {
  it("validates and converts create payloads, resolving status labels", async () => {
    const { client, stub: server } = await setup();
    const created = await client.entry.create("news-article", {
      statuses: [{ lng: "en", id: "Published" }],
      meta: [{ lng: "en", data: { title: "New", slug: "new", seo: { title: "SEO" } } }],
      content: [
        { lng: "en", nodes: [{ type: "paragraph", content: [{ type: "text", text: "Hi" }] }] },
      ],
    });
    expect(created._id).toBe("new-entry");
    const post = server.requests.find((request) => request.method === "POST");
    expect(post?.url).toBe(`${TEST_BASE}/template/t-news/entry/create`);
    expect(JSON.parse(post?.body ?? "")).toEqual({
      statuses: [{ lng: "en", id: "s-pub" }],
      meta: [
        {
          lng: "en",
          props: [
            { id: "p-title", data: ["New"] },
            { id: "p-slug", data: ["new"] },
            { id: "p-views", data: [] },
            {
              id: "p-seo",
              data: { _id: "g-seo", items: [{ props: [{ id: "p-title", data: ["SEO"] }] }] },
            },
          ],
        },
      ],
      content: [
        {
          lng: "en",
          nodes: [{ type: "paragraph", content: [{ type: "text", text: "Hi" }] }],
          plainText: "Hi",
        },
      ],
    });
  });

  it("rejects invalid payloads before sending, naming entry and property", async () => {
    const { client, stub: server } = await setup();
    const error = await client.entry
      .create("news-article", { meta: [{ lng: "en", data: { slug: "x", seo: {} } }] })
      .catch((e) => e);
    expect(error).toBeInstanceOf(BcmsValidationError);
    expect(error.message).toBe(
      `Entry "x" of template "news-article" (en), property "title": ${MISSING_REQUIRED_VALUE_MESSAGE}`,
    );
    expect(server.requests.some((request) => request.method === "POST")).toBe(false);
  });

  it("updates one language, keeping stored values of omitted props", async () => {
    const { client, stub: server } = await setup();
    await client.entry.update("news-article", "e1", {
      lng: "en",
      status: "Draft",
      meta: { title: "Changed", slug: "hello" },
    });
    const put = server.requests.find((request) => request.method === "PUT");
    expect(put?.url).toBe(`${TEST_BASE}/template/t-news/entry/e1/update`);
    expect(JSON.parse(put?.body ?? "")).toEqual({
      lng: "en",
      status: "s-draft",
      meta: {
        props: [
          { id: "p-title", data: ["Changed"] },
          { id: "p-slug", data: ["hello"] },
          { id: "p-views", data: [12] },
          { id: "p-seo", data: { _id: "g-seo", items: [] } },
        ],
      },
      content: { nodes: [{ type: "paragraph" }] },
    });
  });
});

describe("close()", () => {
  it("cancels requests in flight with the queue message", async () => {
    const silent = await startHttpServer(() => {});
    const never = createBcmsClient(testConfig(silent.origin, { maxConcurrentRequests: 1 }));
    const running = never.template.getAll().catch((e) => e);
    const waiting = never.group.getAll().catch((e) => e);
    await waitFor(() => silent.requests.length === 1);
    never.close();
    for (const error of [await running, await waiting]) {
      expect(error).toBeInstanceOf(BcmsCanceledError);
      expect(error.message).toBe("Queue item has been canceled by user");
    }
    expect(silent.requests).toHaveLength(1);
    await silent.close();
  });
});
