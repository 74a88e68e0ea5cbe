// The scripts around the server: the stale-build decision (build stamp), the environment
// of the child build, what counts as prerendered, and configuration errors at start.
import { chmod, mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "../../app/config/env.server";
import { readEnvOrReport } from "../../app/config/read-env";
import {
  BuildError,
  buildSite,
  childBuildEnv,
  listPrerenderedFiles,
  precompressClient,
  removeResourceRouteData,
} from "../../scripts/build";
import {
  type BuildStamp,
  checkBuild,
  hashBuildInputs,
  listBuildInputs,
  STAMP_FILE,
  STAMP_VERSION,
} from "../../server/running/build-stamp";
import { compress } from "../../server/serving/compression";

let project: string;

async function put(rel: string, body: string) {
  const file = path.join(project, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
}

/** A finished build of the project as it is now. */
async function stampBuild(env = embeddedEnv()) {
  await put("build/server/index.js", "export {};");
  const stamp: BuildStamp = {
    version: STAMP_VERSION,
    inputsHash: await hashBuildInputs(project, env),
    builtAt: new Date().toISOString(),
  };
  await put(`build/${STAMP_FILE}`, JSON.stringify(stamp));
}

const embeddedEnv = (extra: Record<string, string> = {}) =>
  parseEnv({ CONTENT_DIR: path.join(project, "content"), ...extra });
const check = (env = embeddedEnv()) => checkBuild({ projectDir: project, env });

beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), "site-project-"));
  await put("app/root.tsx", "export default function App() { return null; }");
  await put("app/routes/home.tsx", "export default function Home() { return null; }");
  await put("app/routes/home.test.tsx", "test");
  await put("bcms/client.ts", "export const client = 1;");
  await put("package-lock.json", "{}");
  await put("vite.config.ts", "export default {};");
  await put("react-router.config.ts", "export default {};");
  await put("tsconfig.json", "{}");
  await put("content/entries/page/about.json", '{"title":"About"}');
  await put("README.md", "not an input");
});
afterEach(() => rm(project, { recursive: true, force: true }));

describe("stale-build decision", () => {
  it("builds when there is no build, or no stamp", async () => {
    expect(await check()).toMatchObject({ stale: true, reason: "no build yet" });
    await put("build/server/index.js", "export {};");
    expect(await check()).toMatchObject({ stale: true, reason: "the build has no stamp" });
  });

  it("does not build when nothing changed", async () => {
    await stampBuild();
    expect(await check()).toEqual({ stale: false, reason: "the build is up to date" });
  });

  it("builds again when a source, the lock file or a config changes", async () => {
    for (const [file, body] of [
      ["app/routes/home.tsx", "export default function Home() { return 1; }"],
      ["app/routes/new.tsx", "export default 1;"],
      ["bcms/client.ts", "export const client = 2;"],
      ["package-lock.json", '{"v":2}'],
      ["react-router.config.ts", "export default { ssr: true };"],
    ] as const) {
      await stampBuild();
      await put(file, body);
      expect(await check(), file).toMatchObject({ stale: true });
    }
  });

  it("ignores tests, docs and content", async () => {
    await stampBuild();
    await put("app/routes/home.test.tsx", "changed test");
    await put("README.md", "changed");
    await put("content/entries/page/about.json", '{"title":"About us"}');
    expect((await check()).stale).toBe(false);
    expect(await listBuildInputs(project)).not.toContain("app/routes/home.test.tsx");
  });

  it("builds again when a setting baked into the pages changes (SITE_ORIGIN, GTM_ID)", async () => {
    await stampBuild();
    expect((await check(embeddedEnv({ SITE_ORIGIN: "https://staging.id5.io" }))).stale).toBe(true);
    expect((await check(embeddedEnv({ GTM_ID: "GTM-ABC123" }))).stale).toBe(true);
    // Rotating the key does not.
    expect((await check(embeddedEnv({ BCMS_API_KEY_SECRET: "rotated" }))).stale).toBe(false);
  });

  it("never asks for a build because content changed (the server catches up at start)", async () => {
    await stampBuild();
    const file = path.join(project, "content/entries/page/about.json");
    await writeFile(file, '{"title":"About us, longer"}');
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    expect(await check()).toEqual({ stale: false, reason: "the build is up to date" });
  });

  it("rebuilds when the stamp is unreadable", async () => {
    await stampBuild();
    await put(`build/${STAMP_FILE}`, "{not json");
    expect((await check()).stale).toBe(true);
  });
});

describe("child build environment", () => {
  it("points the app at the embedded content service it was given", () => {
    const env = parseEnv({});
    const child = childBuildEnv(env, { PATH: "/bin", BCMS_ORIGIN: "" }, "http://127.0.0.1:41234");
    expect(child.CONTENT_PORT).toBe("41234");
    expect(child.BCMS_ORIGIN).toBeUndefined();
    expect(child.NODE_ENV).toBe("production");
    expect(child.PATH).toBe("/bin");
  });

  it("keeps a configured CMS", () => {
    const raw = {
      BCMS_ORIGIN: "https://app.thebcms.com",
      BCMS_ORG_ID: "o",
      BCMS_INSTANCE_ID: "i",
      BCMS_API_KEY_ID: "k",
      BCMS_API_KEY_SECRET: "s",
    };
    const child = childBuildEnv(parseEnv(raw), raw, undefined);
    expect(child.BCMS_ORIGIN).toBe("https://app.thebcms.com");
  });
});

describe("build outputs", () => {
  it("tells prerendered files from assets, build files and public files", async () => {
    await put("build/client/assets/app-1.js", "x");
    await put("build/client/builds/latest.json", "{}");
    await put("build/client/favicon.svg", "<svg/>");
    await put("public/favicon.svg", "<svg/>");
    await put("build/client/index.html", "<html>");
    await put("build/client/_.data", "[]");
    await put("build/client/about/index.html", "<html>");
    await put("build/client/about.data", "[]");
    await put("build/client/about/index.html.br", "br");
    await put("build/client/universal-id/site-agreement.pdf", "%PDF");
    expect(
      await listPrerenderedFiles(path.join(project, "build/client"), path.join(project, "public")),
    ).toEqual([
      "_.data",
      "about.data",
      "about/index.html",
      "index.html",
      "universal-id/site-agreement.pdf",
    ]);
  });

  it("drops the data files of prerendered resource routes, keeps the pages'", async () => {
    await put("build/client/about/index.html", "<html>");
    await put("build/client/about.data", "[]");
    await put("build/client/_.data", "[]");
    await put("build/client/news/feed.atom", "<feed/>");
    await put("build/client/news/feed.atom.data", "[]");
    await put("build/client/og/news/a.png", "png");
    await put("build/client/og/news/a.png.data", "[]");
    const clientDir = path.join(project, "build/client");
    expect(await removeResourceRouteData(clientDir)).toEqual([
      "news/feed.atom.data",
      "og/news/a.png.data",
    ]);
    expect(await listPrerenderedFiles(clientDir, path.join(project, "public"))).toEqual([
      "_.data",
      "about.data",
      "about/index.html",
      "news/feed.atom",
      "og/news/a.png",
    ]);
  });

  it("writes brotli and gzip siblings of text files worth compressing", async () => {
    await put("build/client/assets/app-1.js", "const a = 1;\n".repeat(200));
    await put("build/client/assets/tiny-1.js", "1");
    await put("build/client/logo.png", "x".repeat(5000));
    expect(await precompressClient(path.join(project, "build/client"))).toBe(1);
    const br = await readFile(path.join(project, "build/client/assets/app-1.js.br"));
    expect(br.byteLength).toBeLessThan(200);
    await expect(readFile(path.join(project, "build/client/logo.png.br"))).rejects.toThrow();
  });

  it("compresses prerendered pages with the server's effort, other files with the highest", async () => {
    const page = `<p>${"Publishers reach more of their audience. ".repeat(300)}</p>`;
    await put("build/client/assets/app-1.js", page);
    await put("build/client/about/index.html", page);
    const clientDir = path.join(project, "build/client");
    expect(await precompressClient(clientDir, { prerendered: new Set(["about/index.html"]) })).toBe(
      2,
    );
    const body = Buffer.from(page);
    const sibling = (rel: string) => readFile(path.join(clientDir, rel));
    expect(await sibling("about/index.html.br")).toEqual(await compress(body, "br", "fast"));
    expect(await sibling("about/index.html.gz")).toEqual(await compress(body, "gzip", "fast"));
    expect(await sibling("assets/app-1.js.br")).toEqual(await compress(body, "br", "max"));
  });
});

describe("buildSite", () => {
  const remoteEnv = () =>
    parseEnv({
      BCMS_ORIGIN: "http://127.0.0.1:9",
      BCMS_ORG_ID: "o",
      BCMS_INSTANCE_ID: "i",
      BCMS_API_KEY_ID: "k",
      BCMS_API_KEY_SECRET: "s",
    });
  /** A stand-in for `react-router build`: a shell script run exactly as the real one. */
  async function fakeReactRouter(script: string) {
    const bin = path.join(project, "node_modules/.bin/react-router");
    await put("node_modules/.bin/react-router", `#!/bin/sh\n${script}\n`);
    await chmod(bin, 0o755);
  }

  it("fails clearly on a non-zero exit, streams the output prefixed, leaves no stamp", async () => {
    await fakeReactRouter('echo "transforming..."; echo "boom" >&2; exit 3');
    const lines: string[] = [];
    await expect(
      buildSite({
        env: remoteEnv(),
        projectDir: project,
        processEnv: {},
        write: (l) => lines.push(l),
      }),
    ).rejects.toThrow(new BuildError("react-router build failed (exit code 3)"));
    expect(lines).toContain("[build] transforming...");
    expect(lines).toContain("[build] boom");
    await expect(stat(path.join(project, "build", STAMP_FILE))).rejects.toThrow();
  });

  it("writes build meta, the prerendered list, compressed siblings and the stamp", async () => {
    await fakeReactRouter(
      [
        'test "$NODE_ENV" = production || exit 9',
        "mkdir -p build/client/assets build/client/about build/server",
        "echo 'export {}' > build/server/index.js",
        "echo 'window.m=1' > build/client/assets/manifest-abc123.js",
        "printf '<html>%0.s' $(seq 1 400) > build/client/index.html",
        "echo '<html>' > build/client/about/index.html",
        "echo '[]' > build/client/about.data",
      ].join("\n"),
    );
    const result = await buildSite({
      env: remoteEnv(),
      projectDir: project,
      processEnv: {},
      write: () => {},
      logger: { info() {}, warn() {}, error() {} },
    });
    expect(result.buildId).toBe("abc123");
    expect(result.prerenderedPages).toEqual(["/", "/about"]);
    const manifest = JSON.parse(
      await readFile(path.join(project, "build/prerendered.json"), "utf8"),
    );
    expect(manifest.files).toEqual(["about.data", "about/index.html", "index.html"]);
    const latest = JSON.parse(
      await readFile(path.join(project, "build/client/builds/latest.json"), "utf8"),
    );
    expect(latest.id).toBe("abc123");
    await stat(path.join(project, "build/client/index.html.br"));
    expect(await checkBuild({ projectDir: project, env: remoteEnv() })).toMatchObject({
      stale: false,
    });
  });
});

describe("configuration errors at start", () => {
  it("prints one line per problem", () => {
    const lines: string[] = [];
    const env = readEnvOrReport({ PORT: "nope", GTM_ID: "x" }, (l) => lines.push(l));
    expect(env).toBeUndefined();
    expect(lines).toEqual([
      "Invalid configuration:",
      "  - PORT must be a port number (0-65535)",
      "  - GTM_ID must look like GTM-XXXXXXX",
    ]);
    lines.length = 0;
    readEnvOrReport({ BCMS_ORIGIN: "https://cms.example", BCMS_ORG_ID: "o" }, (l) => lines.push(l));
    expect(lines).toContain("  - BCMS_API_KEY_SECRET is required when BCMS_ORIGIN is set");
    expect(lines).toContain("  - BCMS_INSTANCE_ID is required when BCMS_ORIGIN is set");
  });
});
