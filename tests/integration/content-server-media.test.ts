/** bin2: originals, size transforms, WebP, thumbnails, caching, ETag/304, byte ranges. */
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/content-server-harness";
import { CLIP_BYTES, IDS, LOGO_SVG } from "../support/snapshot-builder";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.close();
});

const bin = (id: string, name: string, query = "") =>
  `/media/${id}/bin2/${name}${query ? `?${query}` : ""}`;

async function image(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer());
  return sharp(bytes).metadata();
}

describe("originals", () => {
  it("serves the original bytes with type, ETag, Cache-Control and Accept-Ranges", async () => {
    const response = await t.api(bin(IDS.mediaPhoto, "photo.png"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    const original = await readFile(join(t.fixture.dir, "media-files", `${IDS.mediaPhoto}.png`));
    expect(Buffer.from(await response.arrayBuffer()).equals(original)).toBe(true);
  });

  it("serves SVG as image/svg+xml with a sandboxing CSP", async () => {
    const response = await t.api(bin(IDS.mediaLogo, "logo.svg"));
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(await response.text()).toBe(LOGO_SVG);
  });

  it("answers 304 to a matching If-None-Match, and a fresh 200 otherwise", async () => {
    const first = await t.api(bin(IDS.mediaPhoto, "photo.png", "sizeT=350x175"));
    const etag = first.headers.get("etag") ?? "";
    const cached = await t.api(bin(IDS.mediaPhoto, "photo.png", "sizeT=350x175"), {
      headers: { "If-None-Match": etag },
    });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("etag")).toBe(etag);
    expect((await cached.arrayBuffer()).byteLength).toBe(0);
    const weak = await t.api(bin(IDS.mediaPhoto, "photo.png", "sizeT=350x175"), {
      headers: { "If-None-Match": `W/${etag}` },
    });
    expect(weak.status).toBe(304);
    const other = await t.api(bin(IDS.mediaPhoto, "photo.png", "sizeT=350x175"), {
      headers: { "If-None-Match": '"other"' },
    });
    expect(other.status).toBe(200);
    // Each variant has its own tag.
    const original = await t.api(bin(IDS.mediaPhoto, "photo.png"));
    expect(original.headers.get("etag")).not.toBe(etag);
  });

  it("answers HEAD with headers only", async () => {
    const response = await t.api(bin(IDS.mediaClip, "clip.mp4"), { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(CLIP_BYTES.length));
  });

  it("refuses directories", async () => {
    const { status, body } = await t.json(bin(IDS.mediaDir, "images"));
    expect(status).toBe(400);
    expect(body.message).toMatch(/directory/);
  });
});

describe("variants", () => {
  it("serves listed size transforms in the original format", async () => {
    const response = await t.api(bin(IDS.mediaPhoto, "photo.png", "sizeT=350x175"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const meta = await image(response);
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 350, 175]);
  });

  it("serves WebP of the original and of a size", async () => {
    const webp = await t.api(bin(IDS.mediaPhoto, "photo.webp", "webp=t"));
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(await image(webp)).toMatchObject({ format: "webp", width: 800, height: 400 });
    const sized = await t.api(bin(IDS.mediaPhoto, "photo.webp", "webp=t&sizeT=650x325"));
    expect(await image(sized)).toMatchObject({ format: "webp", width: 650, height: 325 });
  });

  it("serves thumbnails 200 px wide as PNG, or WebP with webp=t", async () => {
    const png = await t.api(bin(IDS.mediaPhoto, "photo.png", "tmb=t"));
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(await image(png)).toMatchObject({ format: "png", width: 200, height: 100 });
    const webp = await t.api(bin(IDS.mediaNoSizes, "wide.jpg", "tmb=t&webp=t"));
    expect(await image(webp)).toMatchObject({ format: "webp", width: 200 });
    const svg = await t.api(bin(IDS.mediaLogo, "logo.svg", "tmb=t"));
    expect(svg.headers.get("content-type")).toBe("image/png");
  });

  it("serves computed transforms of an image whose JSON lists none, in its own format", async () => {
    const response = await t.api(bin(IDS.mediaNoSizes, "wide.jpg", "sizeT=1024x683"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(await image(response)).toMatchObject({ format: "jpeg", width: 1024, height: 683 });
  });

  it("refuses unlisted sizes and transforms of non-images", async () => {
    for (const [path, pattern] of [
      [bin(IDS.mediaPhoto, "p.png", "sizeT=351x175"), /Size transform "351x175" is not available/],
      [bin(IDS.mediaPhoto, "p.png", "sizeT=../../x"), /is not available/],
      [bin(IDS.mediaLogo, "l.svg", "sizeT=350x175"), /only available for IMG/],
      [bin(IDS.mediaLogo, "l.svg", "webp=t"), /only available for IMG/],
      [bin(IDS.mediaClip, "c.mp4", "tmb=t"), /only available for images/],
    ] as const) {
      const { status, body } = await t.json(path);
      expect(status, path).toBe(400);
      expect(body.message).toMatch(pattern);
    }
  });

  it("caches variants on disk and reuses them", async () => {
    await t.api(bin(IDS.mediaPhoto, "photo.png", "sizeT=650x325"));
    const files = (await readdir(t.cacheDir)).filter(
      (name) => name.startsWith(IDS.mediaPhoto) && name.endsWith(".png"),
    );
    expect(files.length).toBeGreaterThan(0);
    const before = await Promise.all(files.map((name) => stat(join(t.cacheDir, name))));
    const again = await t.api(bin(IDS.mediaPhoto, "photo.png", "sizeT=650x325"));
    expect(again.status).toBe(200);
    const after = await Promise.all(files.map((name) => stat(join(t.cacheDir, name))));
    expect(after.map((s) => s.mtimeMs)).toEqual(before.map((s) => s.mtimeMs));
    expect((await readdir(t.cacheDir)).some((name) => name.endsWith(".tmp"))).toBe(false);
  });

  it("makes one variant once under concurrent requests", async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.api(bin(IDS.mediaNoSizes, "wide.jpg", "sizeT=1440x960&webp=t")),
      ),
    );
    const bodies = await Promise.all(
      responses.map(async (r) => Buffer.from(await r.arrayBuffer())),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(bodies.every((b) => b.equals(bodies[0] ?? Buffer.alloc(0)))).toBe(true);
  });
});

describe("byte ranges (video)", () => {
  const clip = bin(IDS.mediaClip, "clip.mp4");

  it("answers 206 with Content-Range", async () => {
    const response = await t.api(clip, { headers: { Range: "bytes=100-199" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("content-range")).toBe(`bytes 100-199/${CLIP_BYTES.length}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(CLIP_BYTES.subarray(100, 200))).toBe(
      true,
    );
  });

  it("supports open-ended and suffix ranges", async () => {
    const open = await t.api(clip, { headers: { Range: `bytes=${CLIP_BYTES.length - 10}-` } });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(CLIP_BYTES.subarray(-10))).toBe(true);
    const suffix = await t.api(clip, { headers: { Range: "bytes=-5" } });
    expect(Buffer.from(await suffix.arrayBuffer()).equals(CLIP_BYTES.subarray(-5))).toBe(true);
    const clamped = await t.api(clip, { headers: { Range: "bytes=0-999999999" } });
    expect(clamped.status).toBe(206);
    expect((await clamped.arrayBuffer()).byteLength).toBe(CLIP_BYTES.length);
  });

  it("answers 416 to an unsatisfiable range and 200 to a malformed one", async () => {
    const unsatisfiable = await t.api(clip, { headers: { Range: `bytes=${CLIP_BYTES.length}-` } });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get("content-range")).toBe(`bytes */${CLIP_BYTES.length}`);
    const malformed = await t.api(clip, { headers: { Range: "lines=1-2" } });
    expect(malformed.status).toBe(200);
    expect((await malformed.arrayBuffer()).byteLength).toBe(CLIP_BYTES.length);
  });

  it("ignores the range when If-Range does not match", async () => {
    const response = await t.api(clip, { headers: { Range: "bytes=0-9", "If-Range": '"stale"' } });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });
});
