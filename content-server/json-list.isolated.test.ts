import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJsonList } from "./http";

/** Items of every shape a list may hold, and enough of them to fill several chunks. */
function itemsOfEveryShape(): unknown[] {
  const items: unknown[] = [
    { title: "Café « déjà » — 東京 \u2028 \u{1F600}", nested: { list: [1, null, "x"] } },
    { at: new Date(Date.UTC(2026, 0, 2)), missing: undefined },
    "a string",
    42,
    null,
    undefined,
    [],
  ];
  for (let n = 0; n < 3_000; n++) items.push({ n, body: `<p>Paragraph ${n} über alles</p>` });
  return items;
}

let server: Server;
let origin: string;
let items: unknown[] = [];

beforeAll(async () => {
  server = createServer((req, res) => sendJsonList(req, res, items.values()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** method, headers and body as received (a HEAD through node:http, which fetch cannot show). */
function ask(method: string): Promise<{ length: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/`, { method }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ length: res.headers["content-length"], body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("sendJsonList", () => {
  it("writes the bytes of the whole envelope stringified at once, with their length", async () => {
    items = itemsOfEveryShape();
    const expected = JSON.stringify({
      items,
      total: items.length,
      limit: items.length,
      offset: 0,
    });
    const { length, body } = await ask("GET");
    expect(body.toString("utf8")).toBe(expected);
    expect(Number(length)).toBe(Buffer.byteLength(expected));
  });

  it("writes an empty list as one", async () => {
    items = [];
    const { body } = await ask("GET");
    expect(body.toString("utf8")).toBe('{"items":[],"total":0,"limit":0,"offset":0}');
  });

  it("answers HEAD with the length and no body", async () => {
    items = itemsOfEveryShape();
    const { length, body } = await ask("HEAD");
    expect(Number(length)).toBeGreaterThan(100_000);
    expect(body.byteLength).toBe(0);
  });
});
