// The local content service over a temporary copy of the seed snapshot (content/), for tests
// that read real content through the site's client; the repository's content is never touched.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv, type SiteEnv, withEmbeddedContentPort } from "../../app/config/env.server";
import { silentLogger } from "../../app/logging/logger.server";
import { type RunningContentServer, startContentServer } from "../../content-server/server";
import { PROJECT_DIR } from "../../server/running/build-stamp";

export interface SeedContent {
  server: RunningContentServer;
  /** The snapshot copy the service serves. */
  dir: string;
  /** The site's settings pointing at this service (with the local identity). */
  env: SiteEnv;
  close(): Promise<void>;
}

export async function startSeedContent(): Promise<SeedContent> {
  const root = await mkdtemp(path.join(tmpdir(), "seed-content-"));
  const dir = path.join(root, "content");
  await cp(path.join(PROJECT_DIR, "content"), dir, { recursive: true });
  const server = await startContentServer({
    dir,
    port: 0,
    host: "127.0.0.1",
    logger: silentLogger,
    watch: false,
    cacheDir: path.join(root, "cache"),
  });
  return {
    server,
    dir,
    env: withEmbeddedContentPort(parseEnv({}), server.port),
    async close() {
      await server.close(); // idempotent: a test may have stopped the service already
      await rm(root, { recursive: true, force: true });
    },
  };
}
