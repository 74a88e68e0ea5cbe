/** Loading a snapshot: malformed files are reported and skipped; an interrupted multi-file write is completed. */
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../app/logging/logger.server";
import { startContentServer } from "../../content-server/server";
import { checkSnapshot } from "../../content-server/snapshot-check";
import { JOURNAL_FILE } from "../../content-server/snapshot-files";
import { startTestServer, type TestServer } from "../support/content-server-harness";
import { buildFixtureSnapshot, fixtureEntries, IDS } from "../support/snapshot-builder";

let t: TestServer | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

function capturingLogger() {
  const lines: string[] = [];
  const push = (line: string) => lines.push(line);
  return { lines, logger: { info: push, warn: push, error: push } };
}

describe("loading a snapshot", () => {
  it("logs each malformed file with its reason, skips it and keeps serving the rest", async () => {
    const fixture = await buildFixtureSnapshot();
    await writeFile(join(fixture.dir, "entries", `${IDS.article2}.json`), '{"_id": "truncated');
    await writeFile(
      join(fixture.dir, "templates", "65aa00000000000000000999.json"),
      JSON.stringify({ _id: "65aa00000000000000000999", name: "x", props: "nope" }),
    );
    await writeFile(
      join(fixture.dir, "languages", "65aa00000000000000000998.json"),
      JSON.stringify({ _id: "65aa00000000000000000000", code: "fr" }),
    );
    const { lines, logger } = capturingLogger();
    t = await startTestServer({ dir: fixture.dir, logger });
    expect(
      lines.some((line) =>
        line.startsWith(`content: skipped entries/${IDS.article2}.json: malformed JSON: `),
      ),
    ).toBe(true);
    expect(lines).toContain(
      "content: skipped templates/65aa00000000000000000999.json: props must be an array",
    );
    expect(lines).toContain(
      'content: skipped languages/65aa00000000000000000998.json: _id "65aa00000000000000000000" does not match the file name',
    );
    const { status, body } = await t.json(`/template/${IDS.templateArticle}/entry/all`);
    expect(status).toBe(200);
    expect(body.items.map((entry: { _id: string }) => entry._id)).toEqual([IDS.article1]);
  });

  it("completes an interrupted multi-file write (journal) before serving", async () => {
    const fixture = await buildFixtureSnapshot();
    const personA = fixtureEntries().find((entry) => entry._id === IDS.personA);
    // As if the server died after writing the journal of "delete personB, update personA".
    const journal = {
      changes: [
        { kind: "entries", id: IDS.personB, value: null },
        { kind: "entries", id: IDS.personA, value: { ...personA, updatedAt: 42 } },
      ],
    };
    await writeFile(join(fixture.dir, JOURNAL_FILE), JSON.stringify(journal));
    await writeFile(
      join(fixture.dir, "entries", `.${IDS.personA}.json.0123456789ab.tmp`),
      "{ half",
    );

    // The checker reads the snapshot as the journal promised it.
    const pending = await checkSnapshot(fixture.dir);
    expect(pending.journalPending).toBe(true);
    expect(pending.counts.entries).toBe(4);

    const { lines, logger } = capturingLogger();
    t = await startTestServer({ dir: fixture.dir, logger });
    expect(lines).toContain("content: completed an interrupted write of 2 files");
    const files = await readdir(join(fixture.dir, "entries"));
    expect(files).not.toContain(`${IDS.personB}.json`);
    expect(files.some((name) => name.endsWith(".tmp"))).toBe(false);
    expect(await readdir(fixture.dir)).not.toContain(JOURNAL_FILE);
    expect(
      (await t.json(`/template/${IDS.templatePerson}/entry/${IDS.personA}`)).body.item.updatedAt,
    ).toBe(42);
    expect((await t.json(`/template/${IDS.templatePerson}/entry/${IDS.personB}`)).status).toBe(404);
  });

  it("says clearly when its port is taken", async () => {
    t = await startTestServer();
    await expect(
      startContentServer({
        dir: t.fixture.dir,
        port: t.server.port,
        logger: silentLogger,
        watch: false,
      }),
    ).rejects.toThrow(
      `port ${t.server.port} on 127.0.0.1 is already in use (set CONTENT_PORT to another port)`,
    );
  });
});
