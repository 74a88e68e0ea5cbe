// What a phished editor account or a hostile upload can do to a visitor, replayed from
// outside against the real build served from a content service: a CMS redirect over the
// app's own files and addresses, one off the site through dot segments, media of script and
// HTML types, an SVG with a script (a date out of range: cms-dates.test.ts). Each must get
// its refusal (one log line naming the entry), never a 5xx.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withProps } from "../support/hostile-content";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { caughtUp } from "../support/server-log";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  SITE_BUILD_DIR,
  serveRealBuildOnContent,
} from "../support/site-build";

/** The seed's `redirect` entry (its file is the pattern of the hostile ones added here). */
const SEED_REDIRECT = "d22a870a2a6eeb1dcfecf9d1";
const REDIRECT_PROPS = {
  title: "0322cba4-384e-52c3-9349-ba46c0f1aa2c",
  slug: "1bf20f44-a470-5248-ab80-e15b5cc57158",
  from: "f6fadca2-47c9-540c-b802-34dfadab754c",
  to: "b7a896ab-19c9-5dc3-bb7a-eae498011985",
};
/** The seed's logo SVG (shown as an <img> on its pages). */
const SEED_SVG = { id: "227a1e981107fc46947b25f6", name: "meridian-streaming.svg" };
const HOSTILE_MEDIA = {
  script: { id: "5ec000000000000000000001", name: "sec.js", mimetype: "text/javascript" },
  html: { id: "5ec000000000000000000002", name: "page.html", mimetype: "text/html" },
  svg: { id: "5ec000000000000000000003", name: "sec.svg", mimetype: "image/svg+xml" },
};
const SCRIPT_BODY = 'document.documentElement.setAttribute("data-taken", "1");';
/** The media answers' own policy: nothing loads or runs, a unique origin (written out here, so
 * the test reads the header as a browser does). */
const MEDIA_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";
const mediaPath = (media: { id: string; name: string }) => `/media/${media.id}/${media.name}`;

let real: RealSiteOnContent | undefined;
let entryScript = "";
/** The hostile redirects: entry id → from, to. */
const hostile = new Map<string, { from: string; to: string }>();

beforeAll(async () => {
  real = await serveRealBuildOnContent("cms-trust", {
    logLevel: "info",
    withMediaFiles: true,
    prepareSnapshot: async (dir) => {
      entryScript = await clientEntryScript();
      await addHostileMedia(dir);
      await addHostileRedirects(dir);
    },
  });
  await caughtUp(real.logs);
}, REAL_SITE_START_MS);
afterAll(() => real?.close());

const site = () => real as RealSiteOnContent;
const get = (pathWithQuery: string, method = "GET"): Promise<RawResponse> =>
  rawRequest(site().port, pathWithQuery, { method, headers: { Host: "id5.io" } });

async function clientEntryScript(): Promise<string> {
  const assets = await readdir(path.join(SITE_BUILD_DIR, "client", "assets"));
  const entry = assets.find((name) => /^entry\.client-.*\.js$/.test(name));
  if (!entry) throw new Error("the build has no client entry script");
  return `/assets/${entry}`;
}

async function addHostileMedia(dir: string): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script href="${mediaPath(HOSTILE_MEDIA.script)}"/><rect width="10" height="10"/></svg>`;
  const bodies = {
    script: SCRIPT_BODY,
    html: `<script src="${mediaPath(HOSTILE_MEDIA.script)}"></script>`,
    svg,
  };
  const seedMedia = JSON.parse(
    await readFile(path.join(dir, "media", `${SEED_SVG.id}.json`), "utf8"),
  );
  for (const [key, media] of Object.entries(HOSTILE_MEDIA)) {
    const body = bodies[key as keyof typeof bodies];
    const item = {
      ...seedMedia,
      _id: media.id,
      name: media.name,
      mimetype: media.mimetype,
      type: key === "svg" ? "SVG" : "OTH",
      size: Buffer.byteLength(body),
    };
    await writeFile(path.join(dir, "media", `${media.id}.json`), JSON.stringify(item, null, 2));
    await writeFile(path.join(dir, "media-files", `${media.id}${path.extname(media.name)}`), body);
  }
}

/** Redirect entries as a phished editor account would write them. */
async function addHostileRedirects(dir: string): Promise<void> {
  const seed = JSON.parse(
    await readFile(path.join(dir, "entries", `${SEED_REDIRECT}.json`), "utf8"),
  );
  const script = mediaPath(HOSTILE_MEDIA.script);
  const wanted: [string, string][] = [
    [entryScript, script],
    ["/robots.txt", script],
    ["/sitemap.xml", "/news"],
    ["/healthz", "/news"],
    ["/csp-report", "/news"],
    ["/builds/latest.json", "/news"],
    [mediaPath(SEED_SVG), script],
    ["/go-elsewhere", "/.//evil.example/x"],
  ];
  wanted.forEach(([from, to], index) => {
    const id = `ba5e000000000000000000${String(index).padStart(2, "0")}`;
    hostile.set(id, { from, to });
  });
  for (const [id, { from, to }] of hostile) {
    const values: Record<string, unknown[]> = {
      [REDIRECT_PROPS.title]: [`Hostile ${id}`],
      [REDIRECT_PROPS.slug]: [`hostile-${id}`],
      [REDIRECT_PROPS.from]: [from],
      [REDIRECT_PROPS.to]: [to],
    };
    const entry = withProps(seed, values);
    await writeFile(
      path.join(dir, "entries", `${id}.json`),
      JSON.stringify({ ...entry, _id: id }, null, 2),
    );
  }
}

function refusedRedirectLines(): { entry: unknown; from: unknown; problem: unknown }[] {
  return site()
    .logs.lines.filter((line) => line.message === "redirect refused")
    .map((line) => line.fields as { entry: unknown; from: unknown; problem: unknown });
}

describe("media keeps its sandbox on the site (finding 2, goal 3)", () => {
  it("answers the seed's SVG as an image under the media policy, not the site's", async () => {
    const answer = await get(mediaPath(SEED_SVG));
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/svg+xml");
    expect(answer.headers["content-disposition"]).toBeUndefined();
    expect(answer.headers["content-security-policy"]).toBe(MEDIA_POLICY);
    expect(answer.text).toContain("<svg");
  });

  it("answers an SVG that loads a script sandboxed, with nothing allowed to load", async () => {
    const answer = await get(mediaPath(HOSTILE_MEDIA.svg));
    expect(answer.status).toBe(200);
    const policy = String(answer.headers["content-security-policy"]);
    expect(policy).toBe(MEDIA_POLICY);
    expect(policy).not.toContain("script-src");
  });

  it.each([
    ["script", HOSTILE_MEDIA.script],
    ["HTML", HOSTILE_MEDIA.html],
  ])("sends an uploaded %s file as an opaque download", async (_kind, media) => {
    const answer = await get(mediaPath(media));
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/octet-stream");
    expect(answer.headers["content-disposition"]).toBe("attachment");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["content-security-policy"]).toBe(MEDIA_POLICY);
  });
});

describe("media proxied under another address", () => {
  it("keeps the media policy on the site agreement's PDF", async () => {
    const answer = await get("/universal-id/site-agreement.pdf");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/pdf");
    expect(answer.headers["content-security-policy"]).toBe(MEDIA_POLICY);
  });
});

describe("the site's own addresses are never a CMS redirect's (finding 1, goal 2)", () => {
  it("serves the client entry script, robots.txt, the sitemap and the build record as files", async () => {
    for (const file of [entryScript, "/robots.txt", "/sitemap.xml", "/builds/latest.json"]) {
      const answer = await get(file);
      expect(answer.status, file).toBe(200);
      expect(answer.headers.location, file).toBeUndefined();
    }
    expect((await get(entryScript)).headers["content-type"]).toMatch(/javascript/);
  });

  it("answers the server's own paths and media as before, never redirected", async () => {
    for (const [pathname, method] of [
      ["/healthz", "GET"],
      ["/healthz", "POST"],
      ["/csp-report", "GET"],
      [mediaPath(SEED_SVG), "GET"],
    ] as const) {
      const answer = await get(pathname, method);
      expect(answer.headers.location, `${method} ${pathname}`).toBeUndefined();
      expect(answer.status, `${method} ${pathname}`).toBeLessThan(500);
      expect([301, 302, 307, 308]).not.toContain(answer.status);
    }
  });

  it("tells each refused redirect in one line naming its entry", () => {
    const lines = refusedRedirectLines();
    for (const [id, { from }] of hostile) {
      const told = lines.filter((line) => line.entry === id);
      expect(told, `${id} ${from}`).toHaveLength(1);
    }
  });
});

describe("a redirect target checked after normalisation (finding 4, goal 4)", () => {
  it("never answers /.//evil.example/x as a protocol-relative Location, nor in its data form", async () => {
    for (const pathname of ["/go-elsewhere", "/go-elsewhere.data"]) {
      const answer = await get(pathname);
      expect(answer.headers.location, pathname).toBeUndefined();
      expect(answer.headers["x-remix-redirect"], pathname).toBeUndefined();
      expect(answer.status, pathname).toBeLessThan(500);
    }
  });
});
