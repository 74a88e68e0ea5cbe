import { describe, expect, it } from "vitest";
import { createJsonLogger, toConsoleStyle, writeGatheredLogLines } from "./logger.server";

function recording(options: Parameters<typeof createJsonLogger>[0] = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const logger = createJsonLogger({
    ...options,
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
  });
  return { logger, out, err };
}

describe("createJsonLogger", () => {
  it("writes nothing below the configured level", () => {
    const lines: string[] = [];
    const logger = createJsonLogger({
      level: "warn",
      stdout: (l) => lines.push(l),
      stderr: (l) => lines.push(l),
    });
    logger.info("request", {});
    logger.warn("slow", {});
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"msg":"slow"');
  });

  it("writes debug lines only at the debug level", () => {
    const quiet = recording();
    quiet.logger.debug("detail");
    expect(quiet.out).toHaveLength(0);
    const verbose = recording({ level: "debug" });
    verbose.logger.debug("detail", { n: 1 });
    expect(JSON.parse(verbose.out[0] as string)).toMatchObject({
      level: "debug",
      msg: "detail",
      n: 1,
    });
  });

  it("sends info to stdout and warnings and errors to stderr, one JSON object per line", () => {
    const { logger, out, err } = recording();
    logger.info("a");
    logger.warn("b");
    logger.error("c");
    expect(out.map((l) => JSON.parse(l).msg)).toEqual(["a"]);
    expect(err.map((l) => JSON.parse(l).msg)).toEqual(["b", "c"]);
    expect([...out, ...err].every((l) => l.endsWith("}\n") && !l.slice(0, -1).includes("\n"))).toBe(
      true,
    );
  });

  it("scrubs the secret, raw or URL-encoded, from message and fields", () => {
    const secret = "s3cr/et+value";
    const { logger, err } = recording({ secrets: [secret] });
    logger.error(`failed with ${secret}`, { url: `https://x/?k=${encodeURIComponent(secret)}` });
    expect(err[0]).not.toContain(secret);
    expect(err[0]).not.toContain(encodeURIComponent(secret));
    expect(err[0]).toContain("[redacted]");
  });

  it("writes preformatted members as the same line shape as info, and only at info", () => {
    const { logger, out } = recording();
    logger.infoMembers("request", '"id":"a-1","status":200,"fast":true');
    logger.info("request", { id: "a-2", status: 200 });
    const [fast, full] = out.map((line) => JSON.parse(line));
    expect(fast).toMatchObject({
      level: "info",
      msg: "request",
      id: "a-1",
      status: 200,
      fast: true,
    });
    expect(Object.keys(fast).slice(0, 3)).toEqual(Object.keys(full).slice(0, 3));
    expect(Date.parse(fast.time)).not.toBeNaN();

    const quiet = recording({ level: "warn" });
    quiet.logger.infoMembers("request", '"id":"a-3"');
    expect(quiet.out).toEqual([]);
  });

  it("gathers stdout lines into one write, in order, by default", async () => {
    const writes: string[] = [];
    const original = process.stdout.write;
    let written: () => void = () => {};
    const firstWrite = new Promise<void>((resolve) => {
      written = resolve;
    });
    process.stdout.write = ((chunk: string) => {
      writes.push(String(chunk));
      written();
      return true;
    }) as typeof process.stdout.write;
    try {
      const logger = createJsonLogger();
      logger.info("first");
      logger.infoMembers("second", '"n":2');
      logger.info("third");
      expect(writes).toEqual([]);
      await firstWrite;
    } finally {
      process.stdout.write = original;
    }
    expect(writes).toHaveLength(1);
    expect(
      writes[0]
        ?.trim()
        .split("\n")
        .map((line) => JSON.parse(line).msg),
    ).toEqual(["first", "second", "third"]);
  });

  it("writes the gathered lines at once when asked (an instance saying ready)", () => {
    const writes: string[] = [];
    const original = process.stdout.write;
    process.stdout.write = ((chunk: string) => {
      writes.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      const logger = createJsonLogger();
      logger.info("caught up");
      expect(writes).toEqual([]);
      writeGatheredLogLines();
      expect(writes.map((chunk) => JSON.parse(chunk).msg)).toEqual(["caught up"]);
      writeGatheredLogLines();
      expect(writes).toHaveLength(1);
    } finally {
      process.stdout.write = original;
    }
  });

  it("shows an Error field by name and message", () => {
    const { logger, err } = recording();
    logger.error("boom", { error: new TypeError("bad") });
    expect(JSON.parse(err[0] as string).error).toEqual({ name: "TypeError", message: "bad" });
  });
});

describe("toConsoleStyle", () => {
  it("keeps the first string as the message and the other values as details", () => {
    const { logger, out, err } = recording();
    const consoleStyle = toConsoleStyle(logger);
    consoleStyle.info("socket open");
    consoleStyle.warn("retrying", { attempt: 2 });
    consoleStyle.error("failed", 1, 2);
    expect(JSON.parse(out[0] as string)).toMatchObject({ msg: "socket open" });
    expect(JSON.parse(out[0] as string).details).toBeUndefined();
    expect(JSON.parse(err[0] as string)).toMatchObject({
      msg: "retrying",
      details: { attempt: 2 },
    });
    expect(JSON.parse(err[1] as string)).toMatchObject({ msg: "failed", details: [1, 2] });
  });
});

describe("stdout at a crash", () => {
  it("keeps every line logged before an uncaught exception ends the process", async () => {
    const { spawn } = await import("node:child_process");
    const { fileURLToPath } = await import("node:url");
    // A real process: lines are gathered for stdout, then an exception nobody catches ends it
    // before the gathering's timer runs.
    const script = `
      import { createJsonLogger } from "./app/logging/logger.server.ts";
      const logger = createJsonLogger({});
      for (let i = 0; i < 500; i++) logger.info("line", { i });
      setImmediate(() => { throw new Error("crash on purpose"); });
    `;
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: fileURLToPath(new URL("../..", import.meta.url)),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(err).toContain("crash on purpose");
    expect(code).not.toBe(0);
    const logged = out
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { i: number }).i);
    expect(logged).toEqual(Array.from({ length: 500 }, (_, i) => i));
  }, 60_000);
});
