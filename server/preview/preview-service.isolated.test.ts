// The preview service over a stand-in content layer and handler: the link endpoints and
// their token, revocation through the store, the refusals, the headers and the document.
import { describe, expect, it } from "vitest";
import type { PreviewDescription } from "../../app/content/preview.server";
import type { PreviewTarget } from "../../app/content/preview-context.server";
import type { SiteLogger } from "../../app/logging/logger.server";
import { postgres, sqlite, usePlaces } from "../../tests/support/store-engines";
import { representationOf } from "../serving/representation";
import type { PreviewRevocationStore, RateLimitStore, RevocationScope } from "../store/store";
import { MAX_STREAMS_PER_CLIENT, MAX_STREAMS_PER_LINK } from "./preview-events";
import { PreviewService } from "./preview-service";

const ENTRY = { templateName: "news-article", entryId: "9ceec891984386911abbeba8" };
const TOKEN = "t".repeat(40);
const quiet: SiteLogger = { debug() {}, info() {}, warn() {}, error() {} } as unknown as SiteLogger;
/** A logger that keeps its warnings' messages. */
function warningsKept(): { logger: SiteLogger; warnings: string[] } {
  const warnings: string[] = [];
  const logger = { ...quiet, warn: (message: string) => warnings.push(message) };
  return { logger: logger as unknown as SiteLogger, warnings };
}

class Revocations implements PreviewRevocationStore {
  readonly at = new Map<string, number>();
  async revokePreviewLinks(scope: RevocationScope, at: number) {
    this.at.set(scope === "all" ? "*" : scope.entryId, at);
  }
  async previewLinksRevokedAt(entryId: string) {
    return Math.max(this.at.get(entryId) ?? 0, this.at.get("*") ?? 0);
  }
}

function service(
  options: {
    apiToken?: string;
    exists?: boolean;
    now?: () => number;
    contentDown?: boolean;
    checksPerMinute?: number;
    recheckMs?: number;
    rateLimits?: RateLimitStore;
    logger?: SiteLogger;
  } = {},
) {
  const rendered: string[] = [];
  const revocations = new Revocations();
  let clock = options.now ?? (() => 1_800_000_000_000);
  const description: PreviewDescription = {
    path: "/news/partner-roundup-q4-2026",
    title: "Partner <roundup>",
    status: "Draft",
    changedFields: [],
    version: "entry-version-1",
  };
  const preview = new PreviewService({
    siteKey: Buffer.alloc(32, 7),
    siteOrigin: "https://id5.io",
    revocations,
    rateLimits: options.rateLimits,
    logger: options.logger ?? quiet,
    apiToken: options.apiToken,
    now: () => clock(),
    checksPerMinute: options.checksPerMinute ?? 5,
    events: { recheckMs: options.recheckMs },
    handler: async (request) => {
      rendered.push(new URL(request.url).pathname);
      return new Response(
        `<!doctype html><html><head><title>Page</title><link rel="modulepreload" href="/assets/a.js"></head><body><h1>Draft</h1><template id="app-entry"><script type="module" async="">import "/assets/entry.js";window.__reactRouterRouteModules={};</script></template><script>window.__reactRouterContext = {};</script><script>document.title=location.href</script></body></html>`,
        { headers: { "content-type": "text/html; charset=utf-8", "cache-tag": "entry:x" } },
      );
    },
    content: {
      withPreviewOf: (_target: PreviewTarget, work) => work(),
      describePreview: async () => {
        if (options.contentDown) throw new Error("content service down");
        return options.exists === false ? undefined : description;
      },
      readDeskRows: async () => [],
      findPreviewEntry: async (template, slugOrId) =>
        template === ENTRY.templateName && slugOrId === "partner-roundup-q4-2026"
          ? { ok: true, target: ENTRY, path: description.path }
          : { ok: false, problem: `No ${template} entry has the slug or id "${slugOrId}"` },
    },
  });
  return { preview, rendered, revocations, setClock: (next: () => number) => (clock = next) };
}

const facts = { clientAddress: "192.0.2.1" };

function post(action: string, body: unknown, token: string | null = TOKEN): Request {
  return new Request(`http://localhost/_preview/api/${action}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
}

const tokenOf = (url: string) => new URL(url).pathname.slice("/_preview/".length);

describe("PreviewService", () => {
  it("makes a link from the endpoint with its own token, and shows the entry's page through it", async () => {
    const { preview, rendered } = service({ apiToken: TOKEN });
    const made = await preview.api(
      post("links", { template: "news-article", entry: "partner-roundup-q4-2026", hours: 2 }),
      "links",
      facts,
    );
    expect(made.status).toBe(201);
    const body = (await made.json()) as { url: string; expiresAt: string; entryId: string };
    expect(body.url).toMatch(
      /^https:\/\/id5\.io\/_preview\/news-article\.9ceec891984386911abbeba8\./,
    );
    expect(body.url).not.toContain(TOKEN);
    expect(Date.parse(body.expiresAt) - 1_800_000_000_000).toBe(2 * 3600_000);

    const page = await preview.page(
      new Request(`http://localhost${new URL(body.url).pathname}`),
      tokenOf(body.url),
      facts,
    );
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect(page.headers.get("cache-tag")).toBeNull();
    expect(rendered).toEqual(["/news/partner-roundup-q4-2026"]);
    const html = await page.text();
    expect(html).toContain('<aside id="preview-bar"');
    expect(html).toContain("<title>Preview: Partner &lt;roundup&gt;</title>");
    expect(html).not.toContain("modulepreload");
    // The app's start is kept (it hydrates on the page's path); any other script is emptied.
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(html).toContain('import "/assets/entry.js"');
    expect(html).toContain('"pagePath":"/news/partner-roundup-q4-2026"');
    expect(html).not.toContain("document.title=location.href");
    // The open page compares it with its own after an edit.
    expect(page.headers.get("x-preview-version")).toBe("entry-version-1");
    expect(html).toContain('data-preview-version="entry-version-1"');
    // The security middleware hashes the refresh script from this body.
    expect(representationOf(page)).toBeDefined();
  });

  it("refuses the endpoint without the right token, and is off without PREVIEW_API_TOKEN", async () => {
    const { preview } = service({ apiToken: TOKEN });
    expect((await preview.api(post("links", {}, null), "links", facts)).status).toBe(401);
    expect((await preview.api(post("links", {}, `${TOKEN}x`), "links", facts)).status).toBe(401);
    const off = service().preview;
    expect((await off.api(post("links", {}), "links", facts)).status).toBe(404);
  });

  it("answers bad requests with what is wrong", async () => {
    const { preview } = service({ apiToken: TOKEN });
    const ask = async (body: unknown) => {
      const response = await preview.api(post("links", body), "links", {
        clientAddress: String(Math.random()),
      });
      return {
        status: response.status,
        error: ((await response.json()) as { error: string }).error,
      };
    };
    expect(await ask({ template: "news-article" })).toMatchObject({ status: 400 });
    expect(
      await ask({ template: "news-article", entry: "partner-roundup-q4-2026", hours: 721 }),
    ).toMatchObject({
      status: 400,
      error: expect.stringContaining("at most 720"),
    });
    expect(await ask({ template: "news-article", entry: "nope" })).toEqual({
      status: 404,
      error: 'No news-article entry has the slug or id "nope"',
    });
    expect(await ask([1, 2])).toMatchObject({ status: 400 });
  });

  it("revokes one entry's links or all of them from the endpoint", async () => {
    let now = 1_800_000_000_000;
    const { preview } = service({ apiToken: TOKEN, now: () => now });
    const link = async () =>
      tokenOf(
        (
          (await (
            await preview.api(
              post("links", { template: "news-article", entry: "partner-roundup-q4-2026" }),
              "links",
              facts,
            )
          ).json()) as { url: string }
        ).url,
      );
    const first = await link();
    now += 1;
    const revoked = await preview.api(
      post("revoke", { template: "news-article", entry: "partner-roundup-q4-2026" }),
      "revoke",
      facts,
    );
    expect(revoked.status).toBe(200);
    now += 1;
    expect((await preview.page(new Request("http://localhost/"), first, facts)).status).toBe(403);
    // Made within the clock skew after the revocation, a link is issued just past it.
    const second = await link();
    expect((await preview.page(new Request("http://localhost/"), second, facts)).status).toBe(200);
    now += 1;
    expect(
      (await preview.api(post("revoke", { all: true }), "revoke", { clientAddress: "192.0.2.2" }))
        .status,
    ).toBe(200);
    now += 1;
    expect(
      (await preview.page(new Request("http://localhost/"), second, { clientAddress: "192.0.2.2" }))
        .status,
    ).toBe(403);
  });

  it("answers a valid link to an entry that is gone like any invalid link", async () => {
    const { preview } = service({ apiToken: TOKEN, exists: false });
    const made = (await (
      await preview.api(
        post("links", { template: "news-article", entry: "partner-roundup-q4-2026" }),
        "links",
        facts,
      )
    ).json()) as { url: string };
    const gone = await preview.page(new Request("http://localhost/"), tokenOf(made.url), facts);
    const garbage = await preview.page(new Request("http://localhost/"), "garbage", {
      clientAddress: "192.0.2.3",
    });
    expect(gone.status).toBe(403);
    expect(await gone.text()).toBe(await garbage.text());
  });

  it("answers 503 without keeping anything when the content cannot be read", async () => {
    const { preview } = service({ apiToken: TOKEN });
    const made = (await (
      await preview.api(
        post("links", { template: "news-article", entry: "partner-roundup-q4-2026" }),
        "links",
        facts,
      )
    ).json()) as { url: string };
    // The same key and store, the content service gone.
    const failing = service({ apiToken: TOKEN, contentDown: true }).preview;
    const answer = await failing.page(new Request("http://localhost/"), tokenOf(made.url), facts);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(
      (await failing.eventStream(new Request("http://localhost/"), tokenOf(made.url), facts))
        .status,
    ).toBe(503);
  });

  it("limits link checks per client", async () => {
    const { preview } = service();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await preview.page(new Request("http://localhost/"), "garbage", facts)).status,
      );
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    expect(
      (
        await preview.page(new Request("http://localhost/"), "garbage", {
          clientAddress: "192.0.2.9",
        })
      ).status,
    ).toBe(403);
  });
});

describe.each([sqlite, postgres])("preview link checks on one $name store", (engine) => {
  const places = usePlaces(engine);
  const check = (preview: PreviewService, clientAddress = facts.clientAddress) =>
    preview.page(new Request("http://localhost/"), "garbage", { clientAddress });

  it("are limited across instances: two instances allow what one does", async () => {
    const first = service({ rateLimits: (await places.fresh()).rateLimits }).preview;
    const second = service({ rateLimits: (await places.another()).rateLimits }).preview;
    const statuses: number[] = [];
    // Five a minute in all, whichever instance the balancer picks.
    for (const preview of [first, second, first, second, first, second, first])
      statuses.push((await check(preview)).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429]);
    const refused = await check(second);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client has its own window.
    expect((await check(first, "192.0.2.9")).status).toBe(403);
  });

  it("fall back to the instance's own limit while the store fails, and say so once", async () => {
    const store = await places.fresh();
    const { logger, warnings } = warningsKept();
    const failing: RateLimitStore = {
      hit: () => Promise.reject(new Error("connection refused")),
      purgeExpired: () => store.rateLimits.purgeExpired(0),
    };
    const { preview } = service({ rateLimits: failing, logger });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await check(preview)).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    expect(warnings).toEqual([
      "preview: the store does not answer; link checks are limited per instance",
    ]);
  });
});

/** Reads a preview's event stream as it arrives. */
function eventReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    /** Reads until the text so far holds `wanted`. */
    async until(wanted: string): Promise<string> {
      while (!text.includes(wanted)) {
        const next = await reader.read();
        if (next.done) throw new Error(`the stream ended before "${wanted}": ${text}`);
        text += decoder.decode(next.value);
      }
      return text;
    },
    /** Reads until the server closes the stream; resolves with everything it sent. */
    async closed(): Promise<string> {
      for (;;) {
        const next = await reader.read();
        if (next.done) return text;
        text += decoder.decode(next.value);
      }
    },
  };
}

describe("preview event streams", () => {
  let now = 1_800_000_000_000;
  const make = (preview: PreviewService, client = facts) =>
    preview
      .api(
        post("links", { template: "news-article", entry: "partner-roundup-q4-2026" }),
        "links",
        client,
      )
      .then(async (made) => tokenOf(((await made.json()) as { url: string }).url));
  const open = (preview: PreviewService, token: string, client = facts) =>
    preview.eventStream(new Request("http://localhost/"), token, client);

  it("lets one link hold a few streams and one client a few more, then answers 429", async () => {
    const { preview, setClock } = service({ apiToken: TOKEN, checksPerMinute: 1000 });
    setClock(() => now);
    const first = await make(preview);
    const ofFirst = [];
    for (let i = 0; i < MAX_STREAMS_PER_LINK; i++)
      ofFirst.push((await open(preview, first)).status);
    expect(ofFirst).toEqual(Array(MAX_STREAMS_PER_LINK).fill(200));
    const refused = await open(preview, first);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    // Another link of the same client, up to the client's own limit.
    const statuses: number[] = [];
    for (let i = MAX_STREAMS_PER_LINK; i < MAX_STREAMS_PER_CLIENT + 1; i++) {
      now += 1;
      statuses.push((await open(preview, await make(preview))).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(preview.events.size).toBe(MAX_STREAMS_PER_CLIENT);
    // Another client is not held back by this one.
    now += 1;
    const other = { clientAddress: "192.0.2.77" };
    expect((await open(preview, await make(preview, other), other)).status).toBe(200);
    preview.close();
  });

  it("ends a stream at its next event once its link is revoked", async () => {
    const { preview, setClock } = service({ apiToken: TOKEN, recheckMs: 3_600_000 });
    setClock(() => now);
    const token = await make(preview);
    const events = eventReader(await open(preview, token));
    await events.until("event: ready");
    expect(preview.events.notify(ENTRY.entryId)).toBe(1);
    await events.until("event: change");
    now += 1;
    await preview.api(post("revoke", { all: true }), "revoke", facts);
    preview.events.notify(ENTRY.entryId);
    const sent = await events.closed();
    // One last change (the page fetches itself and shows the refusal), then the end.
    expect(sent.match(/event: change/g)).toHaveLength(2);
    expect(preview.events.size).toBe(0);
    preview.close();
  });

  it("ends streams whose link was revoked or expired on its timer, with no event to send", async () => {
    const { preview, setClock, revocations } = service({ apiToken: TOKEN, recheckMs: 20 });
    setClock(() => now);
    const revoked = eventReader(await open(preview, await make(preview)));
    await revoked.until("event: ready");
    now += 1;
    await revocations.revokePreviewLinks({ entryId: ENTRY.entryId }, now);
    await revoked.closed();
    now += 1;
    const expiring = eventReader(await open(preview, await make(preview)));
    await expiring.until("event: ready");
    expect(preview.events.size).toBe(1);
    now += 73 * 3600_000;
    await expiring.closed();
    expect(preview.events.size).toBe(0);
    preview.close();
  });
});
