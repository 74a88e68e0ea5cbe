// The benchmarks' nginx (nginx.ts), started for real on a tiny folder: a server that already
// holds the port it was given answers every request with 200, as another site would, and is
// never taken for nginx; nginx starts on another port and is the one that answers there.

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Nginx, startNginx } from "./nginx";

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function siteFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-nginx-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await mkdir(path.join(dir, "client/about"), { recursive: true });
  await writeFile(path.join(dir, "client/about/index.html"), "<h1>nginx's about</h1>");
  return dir;
}

/** A server on a loopback port answering everything with 200 and its own body. */
async function squatter(): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => response.end("another server"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { server, port: (server.address() as { port: number }).port };
}

async function started(options: Parameters<typeof startNginx>[0]): Promise<Nginx> {
  const nginx = await startNginx(options);
  cleanups.push(() => nginx.stop());
  return nginx;
}

describe("the benchmarks' nginx", { timeout: 60_000 }, () => {
  it("answers on its own port from the folder it was given", async () => {
    const dir = await siteFolder();
    const nginx = await started({
      dir: path.join(dir, "nginx"),
      clientDir: path.join(dir, "client"),
      cpu: 0,
    });
    await nginx.serving();
    expect(await (await fetch(`${nginx.url}/about`)).text()).toBe("<h1>nginx's about</h1>");
  });

  it("starts on another port when the one it was given is held by another server", async () => {
    const dir = await siteFolder();
    const held = await squatter();
    const nginx = await started({
      dir: path.join(dir, "nginx"),
      clientDir: path.join(dir, "client"),
      cpu: 0,
      port: held.port,
    });
    expect(new URL(nginx.url).port).not.toBe(String(held.port));
    await nginx.serving();
    expect(await (await fetch(`${nginx.url}/about`)).text()).toBe("<h1>nginx's about</h1>");
  });

  it("says how it ended when it no longer answers", async () => {
    const dir = await siteFolder();
    const nginx = await started({
      dir: path.join(dir, "nginx"),
      clientDir: path.join(dir, "client"),
      cpu: 0,
    });
    nginx.child.kill("SIGKILL");
    await new Promise((resolve) => nginx.child.once("exit", resolve));
    await expect(nginx.serving()).rejects.toThrow(/ended \(signal SIGKILL\)/);
  });
});
