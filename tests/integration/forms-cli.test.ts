// `npm run forms -- …` on a store seeded through the store's own interface, once on SQLite
// in a temporary DATA_DIR and once on a private PostgreSQL server (DATABASE_URL). Most
// commands run in this process (tests/support/forms-command.ts), so the many runs cost no
// process start each; a few run as the operator runs them, a child process, to show the
// entry's exit code and streams. That child runs the command's sources compiled once for the
// file (tests/support/compiled-script.ts: esbuild, packages left in node_modules) rather
// than by tsx: the same program, without a TypeScript compiler's cold start.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "libsql";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../server/store/migrations";
import { openStore } from "../../server/store/open-store";
import type { SubmissionStore } from "../../server/store/store";
import { compileScript } from "../support/compiled-script";
import { sampleSubmission } from "../support/form-submission";
import { type FormsCommandResult, runForms } from "../support/forms-command";
import { freePort } from "../support/free-port";
import { type PostgresServer, startPostgres } from "../support/postgres";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DAY = 24 * 60 * 60 * 1000;

let dir: string;
/** Set while the PostgreSQL half runs: the command and the seeding use that database. */
let databaseUrl: string | undefined;
let postgres: PostgresServer | undefined;
let ids: { delivered: string; dead: string; spam: string; pending: string; old: string };

/** scripts/forms.ts compiled, in the project folder so that its packages resolve as they do there. */
let command: string;

/** Only what the command needs: the developer's own FORMS_* or BCMS_* stay out of it. */
function commandEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "",
    DATA_DIR: dir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  };
}

/** The command run in this process. */
const forms = (args: string[], env: Record<string, string> = {}) => runForms(args, commandEnv(env));

/** How long a command run as a process may take: well within its test's own timeout. */
const PROCESS_TIMEOUT_MS = 60_000;

/** The command as the operator runs it: a process of its own. */
function formsProcess(
  args: string[],
  env: Record<string, string> = {},
): Promise<FormsCommandResult> {
  const child = spawn(process.execPath, [command, ...args], {
    cwd: ROOT,
    env: commandEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
    timeout: PROCESS_TIMEOUT_MS,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) =>
      signal
        ? reject(new Error(`forms ${args.join(" ")} ended by ${signal}:\n${stdout}${stderr}`))
        : resolve({ code, stdout, stderr }),
    );
  });
}

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  return rows;
}

async function withStore<T>(use: (store: SubmissionStore) => Promise<T>): Promise<T> {
  const store = await openStore({ dataDir: dir, databaseUrl });
  try {
    return await use(store.submissions);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "forms-cli-"));
  command = await compileScript(ROOT, "scripts/forms.ts");
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
  await rm(dir, { recursive: true, force: true });
  if (command) await rm(command, { force: true });
});

describe.each(["sqlite", "postgres"] as const)("npm run forms on %s", (engine) => {
  beforeAll(async () => {
    if (engine === "postgres") postgres ??= await startPostgres({ durable: false });
  }, 120_000);

  beforeEach(async () => {
    await rm(dir, { recursive: true, force: true });
    databaseUrl = engine === "postgres" ? await postgres?.createDatabase() : undefined;
    const now = Date.now();
    ids = await withStore(async (store) => {
      const delivered = await store.insert(
        sampleSubmission({
          fields: {
            email: "ada@example.com",
            company: '=HYPERLINK("http://evil.example","click")',
            phone: "+44 20 7946 0000",
            message: 'Hello, "world"\r\nsecond line',
          },
        }),
        now - 3 * DAY,
      );
      await store.markDelivered(delivered, 200, now - 3 * DAY + 1000);
      const dead = await store.insert(
        sampleSubmission({ formId: "partner-sign-up" }),
        now - 2 * DAY,
      );
      await store.markDead(dead, "HTTP 400: rejected ada@example.com", 400, now - 2 * DAY);
      const spam = await store.insert(sampleSubmission({ spam: "honeypot" }), now - DAY);
      const pending = await store.insert(
        sampleSubmission({
          formId: "newsletter",
          fields: { email: "grace@example.com", topics: ["news", "events"] },
        }),
        now,
      );
      const old = await store.insert(sampleSubmission(), now - 40 * DAY);
      await store.markDelivered(old, 200, now - 40 * DAY);
      return { delivered, dead, spam, pending, old };
    });
  });

  // A command run as a process takes about a second: more room than the default.
  describe("commands", { timeout: 90_000 }, () => {
    it("lists submissions without their personal data", async () => {
      const [all, spam, dead, limited, future] = await Promise.all([
        formsProcess(["list"]),
        forms(["list", "--spam"]),
        forms(["list", "--status", "dead"]),
        forms(["list", "--limit", "1"]),
        forms(["list", "--since", "2999-01-01"]),
      ]);
      expect(all.code).toBe(0);
      const lines = all.stdout.trimEnd().split("\n");
      expect(lines[0]).toMatch(/^id\s+received\s+form\s+page\s+status\s+attempts\s+last error$/);
      // Newest first; spam left out unless asked for.
      expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual([
        ids.pending,
        ids.dead,
        ids.delivered,
        ids.old,
      ]);
      expect(all.stdout).toMatch(new RegExp(`${ids.dead}.*partner-sign-up.*dead\\s+1\\s+HTTP 400`));
      for (const personal of ["ada@example.com", "grace@example.com", "Lovelace", "HYPERLINK"]) {
        expect(all.stdout).not.toContain(personal);
      }
      expect(spam.stdout).toContain(ids.spam);
      expect(spam.stdout).toContain("honeypot");
      expect(spam.stdout.trimEnd().split("\n")).toHaveLength(2);
      expect(dead.stdout.trimEnd().split("\n").slice(1)).toEqual([
        expect.stringContaining(ids.dead),
      ]);
      expect(limited.stdout.trimEnd().split("\n")).toHaveLength(2);
      expect(limited.stderr).toContain("--limit");
      expect(future, future.stderr).toMatchObject({ code: 0, stdout: "no submissions\n" });
    });

    it("shows one submission whole, and says when an id is unknown", async () => {
      const [shown, unknown] = await Promise.all([
        forms(["show", ids.delivered]),
        forms(["show", "sub_doesnotexist"]),
      ]);
      expect(shown.code).toBe(0);
      const row = JSON.parse(shown.stdout);
      expect(row).toMatchObject({
        id: ids.delivered,
        status: "delivered",
        fields: { email: "ada@example.com", phone: "+44 20 7946 0000" },
        consent: { version: "2026-01" },
        receivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/),
        nextAttemptAt: null,
      });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe("no submission with id sub_doesnotexist\n");
    });

    it("exports CSV that a spreadsheet cannot run, and JSON", async () => {
      const [csv, spamCsv, json] = await Promise.all([
        forms(["export", "--format", "csv"]),
        forms(["export", "--format", "csv", "--spam"]),
        forms([
          "export",
          "--format",
          "json",
          "--since",
          new Date(Date.now() - 4 * DAY).toISOString(),
        ]),
      ]);
      expect(csv.code).toBe(0);
      expect(csv.stdout).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
      const [header = [], ...rows] = parseCsv(csv.stdout);
      const column = (name: string) => header.indexOf(name);
      for (const name of ["id", "email", "company", "phone", "message", "topics", "first_name"]) {
        expect(column(name)).toBeGreaterThanOrEqual(0);
      }
      // Oldest first, spam left out.
      expect(rows.map((row) => row[column("id")])).toEqual([
        ids.old,
        ids.delivered,
        ids.dead,
        ids.pending,
      ]);
      const delivered = rows[1] ?? [];
      expect(delivered[column("company")]).toBe('\'=HYPERLINK("http://evil.example","click")');
      expect(delivered[column("phone")]).toBe("'+44 20 7946 0000");
      expect(delivered[column("message")]).toBe('Hello, "world"\r\nsecond line');
      expect(rows[3]?.[column("topics")]).toBe("news; events");
      expect(rows.every((row) => row.length === header.length)).toBe(true);

      const spamRows = parseCsv(spamCsv.stdout).slice(1);
      expect(spamRows.map((row) => row[0])).toEqual([ids.spam]);

      expect(json.code).toBe(0);
      const exported = JSON.parse(json.stdout) as { id: string; fields: unknown }[];
      expect(exported.map((entry) => entry.id)).toEqual([ids.delivered, ids.dead, ids.pending]);
      expect(exported[2]?.fields).toEqual({
        email: "grace@example.com",
        topics: ["news", "events"],
      });
    });

    it("queues a dead or spam submission for the running site to deliver", async () => {
      const [dead, spam, unknown] = await Promise.all([
        forms(["retry", ids.dead]),
        forms(["retry", ids.spam]),
        forms(["retry", "sub_doesnotexist"]),
      ]);
      expect(dead.code).toBe(0);
      expect(dead.stdout).toContain(`${ids.dead} was dead; it is queued for delivery now.`);
      expect(dead.stdout).toContain("does not deliver anything");
      expect(spam.stdout).toContain("no longer counts as spam");
      expect(unknown).toMatchObject({
        code: 1,
        stderr: "no submission with id sub_doesnotexist\n",
      });
      await withStore(async (store) => {
        expect(await store.get(ids.dead)).toMatchObject({ status: "pending", deadAt: null });
        expect(await store.get(ids.spam)).toMatchObject({ status: "pending", spam: null });
        expect((await store.due(Date.now(), 10)).map((row) => row.id)).toContain(ids.dead);
      });
    });

    it("queues every dead submission at once", async () => {
      await withStore(async (store) => {
        const another = await store.insert(sampleSubmission());
        await store.markDead(another, "HTTP 500 (gave up after 72 h)", 500);
      });
      const result = await forms(["retry-dead"]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^2 dead submissions queued for delivery now\./);
      await withStore(async (store) => expect(await store.list({ status: "dead" })).toEqual([]));
    });

    it("purges the personal data of submissions delivered before a date", async () => {
      const before = new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10);
      const result = await forms(["purge", "--delivered-before", before]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^1 delivered submission purged of personal data/);
      await withStore(async (store) => {
        expect(await store.get(ids.old)).toMatchObject({ status: "delivered", fields: null });
        expect((await store.get(ids.delivered))?.fields).not.toBeNull();
      });
    });

    it("purges by status and age: dead letters from their death, pending ones from their queueing", async () => {
      const seeded = await withStore(async (store) => {
        const longDead = await store.insert(sampleSubmission(), Date.now() - 40 * DAY);
        await store.markDead(longDead, "HTTP 422: email a@example.com", 422, Date.now() - 35 * DAY);
        const newlyDead = await store.insert(sampleSubmission(), Date.now() - 40 * DAY);
        await store.markDead(newlyDead, "HTTP 422", 422, Date.now() - 5 * DAY);
        const stale = await store.insert(sampleSubmission(), Date.now() - 40 * DAY);
        return { longDead, newlyDead, stale };
      });
      const dead = await forms(["purge", "--status", "dead", "--older-than-days", "30"]);
      expect(dead.code, dead.stderr).toBe(0);
      expect(dead.stdout).toMatch(/^1 dead submission purged of personal data \(dead before /);
      const all = await forms(["purge", "--before", new Date(Date.now() - 30 * DAY).toISOString()]);
      expect(all.code, all.stderr).toBe(0);
      expect(
        all.stdout
          .trim()
          .split("\n")
          .map((line) => line.split(" (")[0]),
      ).toEqual([
        "1 pending submission purged of personal data",
        "1 delivered submission purged of personal data",
        "0 dead submissions purged of personal data",
        "0 spam submissions purged of personal data",
      ]);
      await withStore(async (store) => {
        expect(await store.get(seeded.longDead)).toMatchObject({ fields: null, lastError: null });
        expect(await store.get(seeded.newlyDead)).toMatchObject({ lastError: "HTTP 422" });
        expect(await store.get(seeded.stale)).toMatchObject({ status: "dead", fields: null });
        expect(await store.get(ids.old)).toMatchObject({ status: "delivered", fields: null });
        expect((await store.get(ids.dead))?.fields).not.toBeNull();
      });
    });

    it("rotates the generated signing key, keeping the replaced one as previous", async () => {
      const keys = async () => {
        const store = await openStore({ dataDir: dir, databaseUrl });
        try {
          return { current: await store.signingKey(), previous: await store.previousSigningKey() };
        } finally {
          await store.close();
        }
      };
      const before = await keys();
      const rotated = await forms(["rotate-key"]);
      expect(rotated.stderr).toBe("");
      expect(rotated.code).toBe(0);
      expect(rotated.stdout).toContain("is replaced by a new one");
      const after = await keys();
      expect(after.current.equals(before.current)).toBe(false);
      expect(after.previous?.key.equals(before.current)).toBe(true);
      // A hand-set secret is rotated in the settings, not by the command.
      const handSet = await forms(["rotate-key"], {
        FORMS_SIGNING_SECRET: "a-hand-set-signing-secret",
      });
      expect(handSet.code).toBe(1);
      expect(handSet.stderr).toContain("FORMS_SIGNING_SECRET_PREVIOUS");
      expect((await keys()).current.equals(after.current)).toBe(true);
    });

    if (engine === "sqlite") {
      it("backs up the SQLite file while the site writes: whole, recent writes included, private, never over a file", async () => {
        // The site, running: its last write is still in the WAL, not in forms.db itself.
        const site = await openStore({ dataDir: dir });
        try {
          const latest = await site.submissions.insert(sampleSubmission({ formId: "latest" }));
          expect((await stat(path.join(dir, "forms.db-wal"))).size).toBeGreaterThan(0);
          const target = path.join(dir, "forms-backup.db");
          const taken = await formsProcess(["backup", target]);
          expect(taken.stderr).toBe("");
          expect(taken.code).toBe(0);
          expect(taken.stdout).toContain(`copied into ${target}`);
          expect((await stat(target)).mode & 0o777).toBe(0o600);
          const copy = new Database(target, { readonly: true });
          try {
            const rows = copy.prepare("SELECT id FROM submissions").all() as { id: string }[];
            expect(rows.map((row) => row.id).sort()).toEqual(
              [...Object.values(ids), latest].sort(),
            );
            expect(copy.prepare("PRAGMA user_version").get()).toMatchObject({
              user_version: SCHEMA_VERSION,
            });
          } finally {
            copy.close();
          }
          const again = await forms(["backup", target]);
          expect(again.code).toBe(1);
          expect(again.stderr).toContain("exists");
          expect((await forms(["backup"])).stderr).toContain("this command needs one file");
        } finally {
          await site.close();
        }
      });
    } else {
      it("sends a backup of PostgreSQL to pg_dump", async () => {
        const refused = await forms(["backup", path.join(dir, "forms-backup.db")]);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain("pg_dump");
        expect(existsSync(path.join(dir, "forms-backup.db"))).toBe(false);
      });
    }

    // Usage is checked before any store is opened: once is enough.
    if (engine === "sqlite") {
      it("answers a usage mistake with the usage and exit code 2", async () => {
        const mistakes = [
          [],
          ["frobnicate"],
          ["list", "--bogus"],
          ["list", "--status", "lost"],
          ["list", "--limit", "0"],
          ["show"],
          ["export"],
          ["export", "--format", "xml"],
          ["purge"],
          ["purge", "--delivered-before", "yesterday"],
          ["purge", "--status", "dead"],
          ["purge", "--status", "lost", "--before", "2026-01-01"],
          ["purge", "--before", "2026-01-01", "--older-than-days", "3"],
          ["purge", "--older-than-days", "soon"],
          ["retry-dead", "extra"],
        ];
        // The first as a process: its exit code is the process's.
        const results = await Promise.all(
          mistakes.map((args, index) => (index === 0 ? formsProcess(args) : forms(args))),
        );
        for (const [index, result] of results.entries()) {
          expect({ args: mistakes[index], code: result.code, stderr: result.stderr }).toEqual({
            args: mistakes[index],
            code: 2,
            stderr: expect.stringContaining("usage: npm run forms -- <command>"),
          });
          expect(result.stderr).toContain("usage: npm run forms -- <command>");
          expect(result.stdout).toBe("");
        }
      });
    }

    it("reports configuration problems one per line, and a missing database, with exit 1", async () => {
      const unreachable = `postgres://site:hunter2-secret@127.0.0.1:${await freePort()}/site`;
      const [badEnv, noDatabase] = await Promise.all([
        formsProcess(["list"], { FORMS_RATE_LIMIT: "lots", FORMS_SIGNING_SECRET: "short" }),
        engine === "sqlite"
          ? formsProcess(["list"], { DATA_DIR: path.join(dir, "elsewhere") })
          : formsProcess(["list"], { DATABASE_URL: unreachable }),
      ]);
      expect(badEnv.code).toBe(1);
      expect(badEnv.stderr).toBe(
        [
          "Invalid configuration:",
          "  - FORMS_SIGNING_SECRET must be at least 16 characters",
          "  - FORMS_RATE_LIMIT must be a whole number of at least 1",
          "",
        ].join("\n"),
      );
      expect(noDatabase.code).toBe(1);
      if (engine === "sqlite") {
        expect(noDatabase.stderr).toContain(
          `no submissions database at ${path.join(dir, "elsewhere")}`,
        );
      } else {
        expect(noDatabase.stderr).toMatch(
          /^could not connect to the database at postgres:\/\/site@127\.0\.0\.1:\d+\/site \(ECONNREFUSED/,
        );
        expect(noDatabase.stderr).not.toContain("hunter2");
      }
    });
  });
});
