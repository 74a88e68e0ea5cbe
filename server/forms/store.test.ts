import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "libsql";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sampleSubmission } from "../../tests/support/form-submission";
import { FORMS_DB_FILE, FormsStore, SCHEMA_VERSION } from "./store";

let dir: string;
let store: FormsStore;
const T0 = Date.parse("2026-02-01T12:00:00.000Z");

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "forms-store-"));
  store = FormsStore.open(path.join(dir, "data"));
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

describe("FormsStore", () => {
  it("creates the folder and a private database file in WAL mode", async () => {
    const file = path.join(dir, "data", FORMS_DB_FILE);
    expect(store.path).toBe(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const other = new Database(file);
    try {
      expect(other.prepare("PRAGMA journal_mode").get()).toMatchObject({ journal_mode: "wal" });
      expect(other.prepare("PRAGMA user_version").get()).toMatchObject({
        user_version: SCHEMA_VERSION,
      });
    } finally {
      other.close();
    }
  });

  it("stores a submission and reads it back whole", () => {
    const record = sampleSubmission();
    const id = store.insert(record, T0);
    expect(id).toMatch(/^sub_[a-z2-7]{20}$/);
    expect(store.get(id)).toEqual({
      id,
      receivedAt: T0,
      formId: record.formId,
      formEntryId: record.formEntryId,
      formVersion: record.formVersion,
      destination: record.destination,
      pagePath: record.pagePath,
      fields: record.fields,
      consent: record.consent,
      attribution: record.attribution,
      spam: null,
      status: "pending",
      queuedAt: T0,
      attempts: 0,
      nextAttemptAt: T0,
      lastError: null,
      lastStatus: null,
      deliveredAt: null,
      deadAt: null,
      purgedAt: null,
    });
    expect(store.get("sub_unknown")).toBeUndefined();
  });

  it("gives every submission its own unguessable id", () => {
    const ids = new Set(Array.from({ length: 50 }, () => store.insert(sampleSubmission(), T0)));
    expect(ids.size).toBe(50);
  });

  it("keeps spam apart: status spam, never due", () => {
    const id = store.insert(sampleSubmission({ spam: "honeypot" }), T0);
    expect(store.get(id)).toMatchObject({ status: "spam", spam: "honeypot", nextAttemptAt: null });
    expect(store.due(T0 + 1_000_000, 10)).toEqual([]);
  });

  it("shows a committed insert to a second connection at once", () => {
    const second = FormsStore.open(path.join(dir, "data"));
    try {
      const id = store.insert(sampleSubmission(), T0);
      expect(second.get(id)?.fields).toEqual(sampleSubmission().fields);
    } finally {
      second.close();
    }
  });

  it("migrates once: opening again keeps the data and the schema version", () => {
    const id = store.insert(sampleSubmission(), T0);
    store.close();
    store = FormsStore.open(path.join(dir, "data"));
    const again = FormsStore.open(path.join(dir, "data"));
    again.close();
    expect(store.get(id)?.formId).toBe("contact");
  });

  it("refuses a database written by a newer schema", () => {
    store.close();
    const raw = new Database(path.join(dir, "data", FORMS_DB_FILE));
    raw.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => FormsStore.open(path.join(dir, "data"))).toThrow(/newer than this code knows/);
    store = FormsStore.open(path.join(dir, "other"));
  });

  it("lists by status, spam, date and limit, newest first unless asked", () => {
    const a = store.insert(sampleSubmission({ formId: "a" }), T0);
    const b = store.insert(sampleSubmission({ formId: "b" }), T0 + 1000);
    const c = store.insert(sampleSubmission({ formId: "c", spam: "too-fast" }), T0 + 2000);
    store.markDead(b, "HTTP 400", 400, T0 + 3000);
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
    expect(ids(store.list())).toEqual([c, b, a]);
    expect(ids(store.list({ order: "oldest" }))).toEqual([a, b, c]);
    expect(ids(store.list({ status: "dead" }))).toEqual([b]);
    expect(ids(store.list({ spam: true }))).toEqual([c]);
    expect(ids(store.list({ spam: false }))).toEqual([b, a]);
    expect(ids(store.list({ since: new Date(T0 + 1000) }))).toEqual([c, b]);
    expect(ids(store.list({ limit: 1 }))).toEqual([c]);
  });

  it("records outcomes: retry, delivered, dead", () => {
    const id = store.insert(sampleSubmission(), T0);
    store.markRetry(id, T0 + 5000, "ECONNREFUSED");
    expect(store.get(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: T0 + 5000,
      lastError: "ECONNREFUSED",
      lastStatus: null,
    });
    expect(store.due(T0 + 4999, 10)).toEqual([]);
    expect(store.due(T0 + 5000, 10).map((row) => row.id)).toEqual([id]);
    store.markDelivered(id, 202, T0 + 6000);
    expect(store.get(id)).toMatchObject({
      status: "delivered",
      attempts: 2,
      nextAttemptAt: null,
      lastStatus: 202,
      deliveredAt: T0 + 6000,
    });

    const dead = store.insert(sampleSubmission(), T0);
    store.markDead(dead, "HTTP 422: bad email", 422, T0 + 10);
    expect(store.get(dead)).toMatchObject({
      status: "dead",
      attempts: 1,
      lastError: "HTTP 422: bad email",
      lastStatus: 422,
      deadAt: T0 + 10,
    });
  });

  it("claims due submissions so they are not sent twice until the lease runs out", () => {
    const first = store.insert(sampleSubmission(), T0);
    const second = store.insert(sampleSubmission(), T0 + 1);
    expect(store.claimDue(T0 + 10, 1, T0 + 1000).map((row) => row.id)).toEqual([first]);
    expect(store.claimDue(T0 + 10, 5, T0 + 1000).map((row) => row.id)).toEqual([second]);
    expect(store.claimDue(T0 + 10, 5, T0 + 1000)).toEqual([]);
    expect(store.nextDueAt()).toBe(T0 + 1000);
    expect(store.claimDue(T0 + 1000, 5, T0 + 2000)).toHaveLength(2);
  });

  it("retries one submission whatever its status, and every dead one at once", () => {
    const dead = store.insert(sampleSubmission(), T0);
    store.markDead(dead, "HTTP 400", 400, T0);
    const spam = store.insert(sampleSubmission({ spam: "honeypot" }), T0);
    expect(store.retry(dead, T0 + 100)).toEqual({ ok: true, previousStatus: "dead" });
    expect(store.get(dead)).toMatchObject({
      status: "pending",
      nextAttemptAt: T0 + 100,
      queuedAt: T0 + 100,
      attempts: 1,
      deadAt: null,
    });
    // A false positive of the spam checks is rescued: it stops counting as spam.
    expect(store.retry(spam, T0 + 100)).toEqual({ ok: true, previousStatus: "spam" });
    expect(store.get(spam)).toMatchObject({ status: "pending", spam: null });
    expect(store.retry("sub_nope")).toEqual({ ok: false, reason: "not-found" });

    const more = [store.insert(sampleSubmission(), T0), store.insert(sampleSubmission(), T0)];
    for (const id of more) store.markDead(id, "HTTP 500 (gave up)", 500, T0);
    expect(store.retryDead(T0 + 200)).toBe(2);
    expect(store.list({ status: "dead" })).toEqual([]);
    expect(
      store
        .due(T0 + 200, 10)
        .map((row) => row.id)
        .sort(),
    ).toEqual([dead, spam, ...more].sort());
  });

  it("purges the personal data of delivered submissions, keeping the rows", () => {
    const old = store.insert(sampleSubmission(), T0);
    store.markDelivered(old, 200, T0 + 1000);
    const recent = store.insert(sampleSubmission(), T0);
    store.markDelivered(recent, 200, T0 + 5000);
    const pending = store.insert(sampleSubmission(), T0);
    const spam = store.insert(sampleSubmission({ spam: "honeypot" }), T0);

    expect(store.purgeDelivered(new Date(T0 + 2000), T0 + 9000)).toBe(1);
    expect(store.get(old)).toMatchObject({
      status: "delivered",
      fields: null,
      consent: null,
      attribution: null,
      purgedAt: T0 + 9000,
      formId: "contact",
    });
    expect(store.get(recent)?.fields).not.toBeNull();
    expect(store.get(pending)?.fields).not.toBeNull();
    expect(store.purgeDelivered(new Date(T0 + 2000))).toBe(0);
    expect(store.list()).toHaveLength(4);
    // Nothing left to deliver in a purged one.
    expect(store.retry(old)).toEqual({ ok: false, reason: "purged" });

    expect(store.purgeSpam(new Date(T0 + 1))).toBe(1);
    expect(store.get(spam)).toMatchObject({ status: "spam", fields: null });
  });

  it("builds the CRM payload with its keys in a fixed order", () => {
    const record = sampleSubmission();
    const id = store.insert(record, T0);
    const payload = store.payloadOf(store.get(id) as NonNullable<ReturnType<typeof store.get>>);
    expect(Object.keys(payload)).toEqual([
      "id",
      "formId",
      "formEntryId",
      "formVersion",
      "destination",
      "pagePath",
      "submittedAt",
      "fields",
      "consent",
      "attribution",
    ]);
    expect(payload).toMatchObject({
      id,
      submittedAt: "2026-02-01T12:00:00.000Z",
      fields: record.fields,
      consent: record.consent,
      attribution: record.attribution,
    });
    expect(Object.keys(payload.fields)).toEqual(Object.keys(record.fields));
  });
});
