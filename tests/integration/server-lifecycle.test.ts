// Graceful shutdown of the real site: a request in flight (a media file whose bytes the
// content service is held from sending, behind a proxy) is answered in full, new connections
// are refused, and a second close resolves too. (The drain's timeout and the 400 to a Host
// the URL parser refuses: server/running/lifecycle.isolated.test.ts.)
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { GatedProxy } from "../support/gated-proxy";
import { rawRequest } from "../support/raw-request";
import { SEED_MEDIA } from "../support/seed-pages";
import { REAL_SITE_START_MS, serveRealBuildOnContent } from "../support/site-build";

describe("graceful close", () => {
  it(
    "finishes the request in flight, refuses new connections, and closes once",
    async () => {
      const real = await serveRealBuildOnContent("server-lifecycle", {
        throughProxy: true,
        withMediaFiles: true,
      });
      try {
        const held = (real.proxy as GatedProxy).hold(SEED_MEDIA.bytes);
        const inFlight = rawRequest(real.port, SEED_MEDIA.address);
        await held.arrived;
        const closed = real.site.close();
        await expect(rawRequest(real.port, "/about")).rejects.toThrow(/ECONNREFUSED/);
        held.release();
        const answer = await inFlight;
        expect(answer.status).toBe(200);
        expect(answer.headers["content-type"]).toBe("image/jpeg");
        expect(answer.body.equals(await readFile(SEED_MEDIA.file))).toBe(true);
        await closed;
        await expect(real.site.close()).resolves.toBeUndefined();
      } finally {
        await real.close();
      }
    },
    REAL_SITE_START_MS,
  );
});
