import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { type AnswerCapture, type CapturedAnswers, FastPath } from "./fast-path";

const settle = () => new Promise((resolve) => setImmediate(resolve));

function answers(body: string): CapturedAnswers {
  const ready = (encoding: string) => ({
    status: 200,
    headers: ["content-type", "text/plain", "x-encoding", encoding],
    body: Buffer.from(`${body} ${encoding}`),
  });
  return {
    etag: 'W/"abc"',
    byEncoding: new Map([
      ["br", ready("br")],
      ["gzip", ready("gzip")],
      ["identity", ready("identity")],
    ]),
    notModified: { status: 304, headers: ["etag", 'W/"abc"'], body: null },
    source: "static",
  };
}

function fastPathWith(capture: AnswerCapture, logEvery?: number) {
  const log = vi.fn();
  const fast = new FastPath({
    capture,
    visitorOf: () => "plain",
    pageAnswersQuery: () => false,
    log,
    logEvery,
  });
  return { fast, log };
}

function exchange(url: string, headers: Record<string, string> = {}, method = "GET") {
  const written: { status?: number; headers?: string[]; body?: unknown } = {};
  const request = { method, url, headers } as unknown as IncomingMessage;
  const response = {
    writeHead(status: number, list: string[]) {
      written.status = status;
      written.headers = list;
    },
    end(body?: unknown) {
      written.body = body;
    },
  } as unknown as ServerResponse;
  return { request, response, written };
}

describe("FastPath", () => {
  it("answers a learned path by encoding and validator, and leaves the rest alone", async () => {
    const { fast, log } = fastPathWith(async () => answers("file"));
    const first = exchange("/a.js");
    expect(fast.replay(first.request, first.response)).toBe(false);
    fast.learn("/a.js", "plain", "static");
    await settle();

    const br = exchange("/a.js", { "accept-encoding": "gzip, br" });
    expect(fast.replay(br.request, br.response)).toBe(true);
    expect(String(br.written.body)).toBe("file br");
    const plain = exchange("/a.js?v=2");
    expect(fast.replay(plain.request, plain.response)).toBe(true);
    expect(String(plain.written.body)).toBe("file identity");
    const revalidated = exchange("/a.js", { "if-none-match": 'W/"abc"' });
    expect(fast.replay(revalidated.request, revalidated.response)).toBe(true);
    expect(revalidated.written.status).toBe(304);
    const head = exchange("/a.js", {}, "HEAD");
    expect(fast.replay(head.request, head.response)).toBe(true);
    expect(head.written.body).toBeUndefined();
    expect(log).toHaveBeenCalledTimes(4);

    for (const [url, headers, method] of [
      ["/a.js", {}, "POST"],
      ["/b.js", {}, "GET"],
    ] as const) {
      const other = exchange(url, headers, method);
      expect(fast.replay(other.request, other.response)).toBe(false);
    }
  });

  it("asks once about a path it cannot replay, again after forgetting", async () => {
    const capture = vi.fn(async () => null);
    const { fast } = fastPathWith(capture);
    fast.learn("/big.mp4", "plain", "static");
    await settle();
    fast.learn("/big.mp4", "plain", "static");
    await settle();
    expect(capture).toHaveBeenCalledTimes(1);
    fast.forget(["/other"]);
    fast.learn("/big.mp4", "plain", "static");
    await settle();
    expect(capture).toHaveBeenCalledTimes(2);
  });

  it("forgets prerendered pages on a change of everything, keeps static files", async () => {
    const { fast } = fastPathWith(async () => answers("x"));
    fast.learn("/about", "plain", "prerendered");
    fast.learn("/a.js", "plain", "static");
    await settle();
    expect(fast.size).toBe(2);
    fast.forget();
    const page = exchange("/about");
    const file = exchange("/a.js");
    expect(fast.replay(page.request, page.response)).toBe(false);
    expect(fast.replay(file.request, file.response)).toBe(true);
  });

  it("drops a lesson that finishes after the path was forgotten", async () => {
    let finish: (value: CapturedAnswers) => void = () => {};
    const { fast } = fastPathWith(() => new Promise((resolve) => (finish = resolve)));
    fast.learn("/about", "plain", "prerendered");
    fast.forget(["/about"]);
    finish(answers("old"));
    await settle();
    const late = exchange("/about");
    expect(fast.replay(late.request, late.response)).toBe(false);
  });

  it("logs one answer in `logEvery`, the first included, and answers every one", async () => {
    const { fast, log } = fastPathWith(async () => answers("file"), 4);
    fast.learn("/a.js", "plain", "static");
    await settle();
    const answered: number[] = [];
    for (let i = 0; i < 9; i++) {
      const { request, response, written } = exchange("/a.js");
      expect(fast.replay(request, response)).toBe(true);
      answered.push(written.status ?? 0);
      expect(log).toHaveBeenCalledTimes(Math.floor(i / 4) + 1);
    }
    expect(answered).toEqual(Array(9).fill(200));
    expect(log.mock.calls[2]?.[0]).toMatchObject({ path: "/a.js", status: 200 });
    expect(log.mock.calls[2]?.[0].durationMs).toBeGreaterThanOrEqual(0);
  });
});
