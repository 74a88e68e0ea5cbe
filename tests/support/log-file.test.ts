import { appendFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { completeLogLines, readLogLines } from "./log-file";

describe("a log read while it is written", () => {
  it("leaves out the last line until its newline is written", () => {
    const text = '{"msg":"a"}\nnot json, a child\'s stray output\n{"msg":"b"}\n{"msg":"c';
    expect(completeLogLines(text)).toEqual([{ msg: "a" }, { msg: "b" }]);
    expect(completeLogLines(`${text}"}\n`)).toEqual([{ msg: "a" }, { msg: "b" }, { msg: "c" }]);
  });

  const dir = mkdtemp(path.join(tmpdir(), "log-file-"));
  afterAll(async () => rm(await dir, { recursive: true, force: true }));

  it("is empty before the file exists, then follows it", async () => {
    const file = path.join(await dir, "site.log");
    expect(await readLogLines(file)).toEqual([]);
    await appendFile(file, '{"msg":"started"}\n{"msg":"half');
    expect(await readLogLines(file)).toEqual([{ msg: "started" }]);
  });
});
