// What an operator reads, from a real process (`npm start`'s command over the real build,
// its stdout going to a file): every request's access line names the client as the trusted
// proxy said it (TRUST_PROXY=1), the host, the user agent and the build, and keeps a preview
// link's token out. A SIGTERM right after the traffic loses none of the lines already
// logged: the process's stdout is read once it has exited.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteProcess } from "../../scripts/site-process";
import { CONTENT_SERVER_START_MS } from "../support/content-server-process";
import { readLogLines } from "../support/log-file";
import { REAL_SITE_START_MS, SITE_BUILD_DIR } from "../support/site-build";
import { type SiteInstances, startSiteInstances } from "../support/site-instances";

const REQUESTS = 60;
const PREVIEW_TOKEN = "secret-preview-token-that-must-not-be-logged";

let instances: SiteInstances;
let site: SiteProcess | undefined;
let logFile: string;

beforeAll(async () => {
  instances = await startSiteInstances("site-access-log", { variables: { TRUST_PROXY: "1" } });
  logFile = instances.logFile("site");
  site = await instances.start("site");
}, REAL_SITE_START_MS + CONTENT_SERVER_START_MS);

afterAll(() => instances?.close());

describe("access lines of a real process", () => {
  it(
    "name client, host, user agent and build, and a SIGTERM loses none",
    async () => {
      const url = site?.url ?? "";
      const sent: string[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        // The same pages again and again (the fast path's lines) and the full path's own.
        const page = i % 3 === 0 ? "/about" : i % 3 === 1 ? `/robots.txt?n=${i}` : "/healthz";
        const response = await fetch(`${url}${page}`, {
          headers: {
            "User-Agent": `access-log-test/${i}`,
            "X-Forwarded-For": `198.51.100.7, 203.0.113.${i + 1}`,
            Host: "www.id5.io",
          },
        });
        await response.arrayBuffer();
        sent.push(`access-log-test/${i}`);
      }
      const preview = await fetch(`${url}/_preview/${PREVIEW_TOKEN}`);
      await preview.arrayBuffer();
      // The last answer is read: its line has been logged. Stop at once.
      await site?.stop();
      expect(site?.child.exitCode).toBe(0);

      const lines = await readLogLines(logFile);
      const requests = lines.filter((line) => line.msg === "request");
      const build = JSON.parse(
        await readFile(path.join(SITE_BUILD_DIR, "client", "builds", "latest.json"), "utf8"),
      ).id;
      for (const [i, agent] of sent.entries()) {
        const line = requests.find((request) => request.userAgent === agent);
        expect(line, `the line of request ${i}`).toBeDefined();
        expect(line).toMatchObject({
          client: `203.0.113.${i + 1}`,
          host: new URL(url).host,
          build,
        });
      }
      const previewLine = requests.at(-1);
      expect(String(previewLine?.path)).toMatch(/^\/_preview\//);
      expect(JSON.stringify(lines)).not.toContain(PREVIEW_TOKEN);
      expect(lines.at(-1)?.msg).not.toBe("request");
    },
    // Sixty requests and a graceful stop (a SIGKILL after 15 s), on a busy machine.
    2 * 60_000,
  );
});
