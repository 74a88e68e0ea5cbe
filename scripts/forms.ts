// `npm run forms -- <command>`: the operator's command for stored form submissions (list,
// show, export, retry, purge, backup) and the generated signing key (rotate-key). It opens
// the same store as the running site: PostgreSQL when DATABASE_URL is set, else DATA_DIR's
// SQLite file (WAL lets both work at once). It never delivers anything itself: a retried
// submission is sent by a running site's outbox at its next poll.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { DAY_MS } from "../app/config/durations";
import { readEnvOrReport } from "../app/config/read-env";
import { PREVIOUS_KEY_STAMP_MS } from "../app/forms/tokens.server";
import { toCsvExport, toJsonExport } from "../server/forms/export";
import { DEFAULT_OUTBOX_TIMINGS } from "../server/forms/outbox";
import { PROJECT_DIR } from "../server/running/build-stamp";
import { openStore } from "../server/store/open-store";
import { describeDatabaseUrl } from "../server/store/postgres-store";
import { PREVIOUS_SIGNING_KEY_FILE, SIGNING_KEY_FILE } from "../server/store/signing-key-file";
import { backupSqliteFile, SQLITE_FILE } from "../server/store/sqlite-store";
import {
  type SiteStore,
  SUBMISSION_STATUSES,
  type SubmissionRow,
  type SubmissionStatus,
  type SubmissionStore,
} from "../server/store/store";

const PREVIOUS_KEY_STAMP_DAYS = PREVIOUS_KEY_STAMP_MS / DAY_MS;

export const USAGE = `usage: npm run forms -- <command>

commands:
  list [--spam] [--status pending|delivered|dead|spam] [--since DATE] [--limit N]
                      submissions, newest first (no personal data shown)
  show ID             one submission, everything stored, as JSON
  export --format csv|json [--since DATE] [--spam]
                      submissions to stdout, oldest first
  retry ID            queue one submission (dead, spam or delivered) for delivery now
  retry-dead          queue every dead submission for delivery now
  purge (--before DATE | --older-than-days N) [--status pending|delivered|dead|spam]
                      delete the personal data of the submissions (of one status, or all)
                      whose age began before DATE, or N days ago: delivered ones from
                      their delivery, dead ones from their death, spam from its receipt,
                      pending ones from their queueing (they become dead: nothing is left
                      to send). The running site does this by itself after
                      FORMS_RETENTION_DAYS.
  purge --delivered-before DATE
                      the same as purge --status delivered --before DATE
  backup FILE         a consistent copy of the SQLite database (DATA_DIR/forms.db) in FILE,
                      taken while the site runs; FILE must not exist. With DATABASE_URL,
                      use pg_dump instead.
  rotate-key          replace the generated signing key with a new one; the replaced key is
                      kept as the previous one, and forms it stamped are still taken for
                      ${PREVIOUS_KEY_STAMP_DAYS} days. Running instances sign with the new key once restarted.

--spam selects the submissions caught as spam (left out otherwise).
DATE is a day (2026-01-31, UTC) or an ISO time (2026-01-31T12:00:00Z).`;

const DEFAULT_LIST_LIMIT = 100;
const POLL_SECONDS = DEFAULT_OUTBOX_TIMINGS.pollMs / 1000;

export interface FormsCommandIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

class UsageError extends Error {}
/** A clear failure that is not a usage mistake (unknown id, no database): exit 1. */
class CommandError extends Error {}

function parseDate(value: string | undefined, option: string): Date {
  const pattern =
    /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
  const time = value && pattern.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw new UsageError(`${option} needs a date such as 2026-01-31`);
  return new Date(time);
}

function parseLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_LIST_LIMIT;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError("--limit needs a whole number above 0");
  return n;
}

function parseStatus(value: string | undefined): SubmissionStatus | undefined {
  if (value === undefined) return undefined;
  if (!(SUBMISSION_STATUSES as readonly string[]).includes(value)) {
    throw new UsageError(`--status is one of ${SUBMISSION_STATUSES.join(", ")}`);
  }
  return value as SubmissionStatus;
}

/** parseArgs with our own message for what it refuses. */
function readArgs(
  args: string[],
  options: NonNullable<ParseArgsConfig["options"]>,
  positionals: number,
  /** What the one positional argument is, for the usage message. */
  positional = "one id",
) {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true }) as never;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(
      positionals === 0 ? "this command takes no arguments" : `this command needs ${positional}`,
    );
  }
  return parsed;
}

/** How `purge` says where each status's age begins (store.ts PURGE_AGE_FROM). */
const PURGE_AGE_WORDS: Readonly<Record<SubmissionStatus, string>> = {
  pending: "queued",
  delivered: "delivered",
  dead: "dead",
  spam: "received",
};

/** Which statuses `purge` purges, and the time their age must have begun before. */
function purgeScope(values: Record<string, string | boolean | undefined>): {
  statuses: readonly SubmissionStatus[];
  before: Date;
} {
  const delivered = values["delivered-before"] as string | undefined;
  const given = [values.before, values["older-than-days"], delivered].filter(
    (value) => value !== undefined,
  );
  if (given.length !== 1) {
    throw new UsageError("purge needs one of --before DATE, --older-than-days N");
  }
  if (delivered !== undefined) {
    if (values.status !== undefined) throw new UsageError("--delivered-before takes no --status");
    return { statuses: ["delivered"], before: parseDate(delivered, "--delivered-before") };
  }
  const status = parseStatus(values.status as string | undefined);
  const statuses = status ? [status] : SUBMISSION_STATUSES;
  if (values.before !== undefined) {
    return { statuses, before: parseDate(values.before as string, "--before") };
  }
  const days = Number(values["older-than-days"]);
  if (!Number.isFinite(days) || days < 0 || String(values["older-than-days"]).trim() === "") {
    throw new UsageError("--older-than-days needs a number of days (0 or more)");
  }
  return { statuses, before: new Date(Date.now() - days * DAY_MS) };
}

const shortTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")}Z`;
const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * The list's last-error column: the status or error code only. The stored error may quote
 * the receiver's answer, which is for `show`.
 */
function lastProblem(row: SubmissionRow): string {
  if (row.status === "spam") return row.spam ?? "";
  if (row.status === "delivered") return "";
  if (row.lastStatus !== null) return `HTTP ${row.lastStatus}`;
  return clip(row.lastError?.split(":")[0] ?? "", 30);
}

function formatTable(rows: readonly SubmissionRow[]): string {
  const header = ["id", "received", "form", "page", "status", "attempts", "last error"];
  const cells = rows.map((row) => [
    row.id,
    shortTime(row.receivedAt),
    clip(row.formId, 30),
    clip(row.pagePath, 40),
    row.status,
    String(row.attempts),
    lastProblem(row),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => (line[column] ?? "").length)),
  );
  const format = (line: string[]) =>
    line
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  return [format(header), ...cells.map(format)].join("\n");
}

/** The row with its times as ISO strings: it is read by a person. */
function readableTimes(row: SubmissionRow) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    ...row,
    receivedAt: iso(row.receivedAt),
    queuedAt: iso(row.queuedAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    deliveredAt: iso(row.deliveredAt),
    deadAt: iso(row.deadAt),
    purgedAt: iso(row.purgedAt),
  };
}

async function openSiteStore(dataDir: string, databaseUrl?: string): Promise<SiteStore> {
  if (!databaseUrl) {
    const file = path.join(dataDir, SQLITE_FILE);
    // Opening would create an empty database: with a mistyped DATA_DIR, say so instead.
    if (!existsSync(file)) {
      throw new CommandError(
        `no submissions database at ${file}: the site has not stored a submission yet, or DATA_DIR points elsewhere (or set DATABASE_URL, as the site has it)`,
      );
    }
  }
  try {
    return await openStore({ databaseUrl, dataDir });
  } catch (error) {
    throw new CommandError(error instanceof Error ? error.message : String(error));
  }
}

/** `rotate-key`: the generated key only; a hand-set secret is rotated in the settings. */
async function rotateKey(
  keys: { site: () => Promise<SiteStore>; signingSecret?: string },
  io: FormsCommandIo,
): Promise<void> {
  if (keys.signingSecret) {
    throw new CommandError(
      "FORMS_SIGNING_SECRET is set: the site signs with it, not with a generated key. Rotate it in the settings: move its value to FORMS_SIGNING_SECRET_PREVIOUS, set a new FORMS_SIGNING_SECRET, and restart every instance (docs/deploy.md, Rotating secrets).",
    );
  }
  const site = await keys.site();
  const replaced = await site.rotateSigningKey(Date.now());
  io.stdout(
    `The generated signing key (store: ${site.location}) is replaced by a new one (${new Date(replaced.rotatedAt).toISOString()}).\nThe replaced key is kept as the previous one: forms it stamped are still taken for ${PREVIOUS_KEY_STAMP_DAYS} days, download links it signed until they expire.\nRunning instances read the keys at start: restart them (in turn) to sign with the new key.\n`,
  );
}

/** `backup FILE`: SQLite's file copied whole and consistent, by its own driver (VACUUM INTO). */
function backup(
  target: string,
  settings: { dataDir: string; databaseUrl?: string },
  io: FormsCommandIo,
): void {
  if (settings.databaseUrl) {
    throw new CommandError(
      `the submissions are in PostgreSQL (${describeDatabaseUrl(settings.databaseUrl)}): back it up with pg_dump --format=custom --file=site.dump "$DATABASE_URL" (docs/deploy.md, Backups)`,
    );
  }
  const source = path.join(settings.dataDir, SQLITE_FILE);
  if (!existsSync(source)) {
    throw new CommandError(
      `no submissions database at ${source}: the site has not stored a submission yet, or DATA_DIR points elsewhere`,
    );
  }
  const file = path.resolve(target);
  if (existsSync(file)) throw new CommandError(`${file} exists: give a new file`);
  const { bytes } = backupSqliteFile(settings.dataDir, file);
  const keys = [SIGNING_KEY_FILE, PREVIOUS_SIGNING_KEY_FILE].filter((name) =>
    existsSync(path.join(settings.dataDir, name)),
  );
  io.stdout(
    `${source} copied into ${file} (${bytes} bytes).\n${
      keys.length
        ? `Keep ${keys.map((name) => path.join(settings.dataDir, name)).join(" and ")} with it: the forms and links it signed need it.\n`
        : ""
    }`,
  );
}

const PICKUP_NOTE = `This command does not deliver anything: the running site's outbox sends it within its poll interval (about ${POLL_SECONDS} s). A site without FORMS_WEBHOOK_URL keeps it pending.`;

async function run(
  command: string,
  args: string[],
  store: () => Promise<SubmissionStore>,
  io: FormsCommandIo,
  keys: { site: () => Promise<SiteStore>; signingSecret?: string },
  settings: { dataDir: string; databaseUrl?: string },
): Promise<void> {
  switch (command) {
    case "backup": {
      const { positionals } = readArgs(args, {}, 1, "one file");
      backup(positionals[0] as string, settings, io);
      return;
    }
    case "rotate-key": {
      readArgs(args, {}, 0);
      await rotateKey(keys, io);
      return;
    }
    case "list": {
      const { values } = readArgs(
        args,
        {
          spam: { type: "boolean" },
          status: { type: "string" },
          since: { type: "string" },
          limit: { type: "string" },
        },
        0,
      );
      const status = parseStatus(values.status as string | undefined);
      const filter = {
        status,
        // Spam stays out of the list unless asked for.
        spam: values.spam ? true : status === "spam" ? undefined : false,
        since:
          values.since === undefined ? undefined : parseDate(values.since as string, "--since"),
        limit: parseLimit(values.limit as string | undefined),
      };
      const rows = await (await store()).list(filter);
      io.stdout(rows.length ? `${formatTable(rows)}\n` : "no submissions\n");
      if (rows.length === filter.limit) {
        io.stderr(`(the ${filter.limit} newest shown: --limit N for more)\n`);
      }
      return;
    }
    case "show": {
      const { positionals } = readArgs(args, {}, 1);
      const id = positionals[0] as string;
      const row = await (await store()).get(id);
      if (!row) throw new CommandError(`no submission with id ${id}`);
      io.stdout(`${JSON.stringify(readableTimes(row), null, 2)}\n`);
      return;
    }
    case "export": {
      const { values } = readArgs(
        args,
        { format: { type: "string" }, since: { type: "string" }, spam: { type: "boolean" } },
        0,
      );
      if (values.format !== "csv" && values.format !== "json") {
        throw new UsageError("export needs --format csv or --format json");
      }
      const rows = await (await store()).list({
        spam: values.spam === true,
        since:
          values.since === undefined ? undefined : parseDate(values.since as string, "--since"),
        order: "oldest",
      });
      io.stdout(values.format === "csv" ? toCsvExport(rows) : toJsonExport(rows));
      return;
    }
    case "retry": {
      const { positionals } = readArgs(args, {}, 1);
      const id = positionals[0] as string;
      const result = await (await store()).retry(id);
      if (!result.ok) {
        throw new CommandError(
          result.reason === "not-found"
            ? `no submission with id ${id}`
            : `${id} was purged (its personal data is deleted): there is nothing left to deliver`,
        );
      }
      const was =
        result.previousStatus === "spam"
          ? "was caught as spam; it no longer counts as spam and"
          : `was ${result.previousStatus}; it`;
      io.stdout(`${id} ${was} is queued for delivery now.\n${PICKUP_NOTE}\n`);
      return;
    }
    case "retry-dead": {
      readArgs(args, {}, 0);
      const count = await (await store()).retryDead();
      io.stdout(
        `${count} dead submission${count === 1 ? "" : "s"} queued for delivery now.\n${count ? `${PICKUP_NOTE}\n` : ""}`,
      );
      return;
    }
    case "purge": {
      const { values } = readArgs(
        args,
        {
          before: { type: "string" },
          "older-than-days": { type: "string" },
          status: { type: "string" },
          "delivered-before": { type: "string" },
        },
        0,
      );
      const { statuses, before } = purgeScope(values);
      const submissions = await store();
      const lines: string[] = [];
      for (const status of statuses) {
        const count = await submissions.purge(status, before);
        lines.push(
          `${count} ${status} submission${count === 1 ? "" : "s"} purged of personal data (${PURGE_AGE_WORDS[status]} before ${before.toISOString()}).\n`,
        );
      }
      io.stdout(lines.join(""));
      return;
    }
    default:
      throw new UsageError(command ? `unknown command: ${command}` : "no command given");
  }
}

/** Runs one command; returns the exit code (0 done, 1 failed, 2 usage). */
export async function runFormsCommand(argv: string[], io: FormsCommandIo): Promise<number> {
  const [command = "", ...args] = argv;
  if (command === "help" || command === "--help" || command === "-h") {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const env = readEnvOrReport(io.env, (line) => io.stderr(`${line}\n`));
  if (!env) return 1;
  const dataDir = path.resolve(PROJECT_DIR, env.dataDir);
  let opened: Promise<SiteStore> | undefined;
  const site = () => {
    opened ??= openSiteStore(dataDir, env.databaseUrl);
    return opened;
  };
  const store = async () => (await site()).submissions;
  try {
    await run(
      command,
      args,
      store,
      io,
      { site, signingSecret: env.forms.signingSecret },
      { dataDir, databaseUrl: env.databaseUrl },
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof CommandError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await opened?.then(
      (store) => store.close(),
      () => {},
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await runFormsCommand(process.argv.slice(2), {
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}
