// The store's one test suite, run against both engines (tests/support/store-engines.ts):
// SQLite in a temporary folder and a private PostgreSQL server started for this file. Every
// case gets a fresh place (a folder, a database); "two instances" are two stores opened on it.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import Database from "libsql";
import { describe, expect, it } from "vitest";
import { sampleSubmission } from "../../tests/support/form-submission";
import { postgres, sqlite, usePlaces } from "../../tests/support/store-engines";
import { MIGRATIONS, type Migration, SCHEMA_VERSION } from "./migrations";
import { openStore } from "./open-store";
import { SQLITE_FILE } from "./sqlite-store";
import { payloadOf, type SiteStore, type SubmissionRow } from "./store";

const T0 = Date.parse("2026-02-01T12:00:00.000Z");
const HOUR = 60 * 60 * 1000;

describe.each([sqlite, postgres])("store on $name", (engine) => {
  const places = usePlaces(engine);
  let store: SiteStore;
  /** Another instance's connection to the same data. */
  const another = places.another;
  const fresh = async () => {
    store = await places.fresh();
  };

  describe("submissions", () => {
    it("stores a submission and reads it back whole", async () => {
      await fresh();
      const { submissions } = store;
      const record = sampleSubmission();
      const id = await submissions.insert(record, T0);
      expect(id).toMatch(/^sub_[a-z2-7]{20}$/);
      expect(await submissions.get(id)).toEqual({
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
      } satisfies SubmissionRow);
      expect(await submissions.get("sub_unknown")).toBeUndefined();
    });

    it("gives every submission its own id, and shows it to another instance at once", async () => {
      await fresh();
      const other = await another();
      const ids = await Promise.all(
        Array.from({ length: 20 }, () => store.submissions.insert(sampleSubmission(), T0)),
      );
      expect(new Set(ids).size).toBe(20);
      expect((await other.submissions.get(ids[0] as string))?.fields).toEqual(
        sampleSubmission().fields,
      );
    });

    it("keeps spam apart: status spam, never due", async () => {
      await fresh();
      const id = await store.submissions.insert(sampleSubmission({ spam: "honeypot" }), T0);
      expect(await store.submissions.get(id)).toMatchObject({
        status: "spam",
        spam: "honeypot",
        nextAttemptAt: null,
      });
      expect(await store.submissions.due(T0 + 1_000_000, 10)).toEqual([]);
    });

    it("lists by status, spam, date and limit, newest first unless asked", async () => {
      await fresh();
      const { submissions } = store;
      const a = await submissions.insert(sampleSubmission({ formId: "a" }), T0);
      const b = await submissions.insert(sampleSubmission({ formId: "b" }), T0 + 1000);
      const c = await submissions.insert(
        sampleSubmission({ formId: "c", spam: "too-fast" }),
        T0 + 2000,
      );
      await submissions.markDead(b, "HTTP 400", 400, T0 + 3000);
      const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((row) => row.id);
      expect(await ids(submissions.list())).toEqual([c, b, a]);
      expect(await ids(submissions.list({ order: "oldest" }))).toEqual([a, b, c]);
      expect(await ids(submissions.list({ status: "dead" }))).toEqual([b]);
      expect(await ids(submissions.list({ spam: true }))).toEqual([c]);
      expect(await ids(submissions.list({ spam: false }))).toEqual([b, a]);
      expect(await ids(submissions.list({ since: new Date(T0 + 1000) }))).toEqual([c, b]);
      expect(await ids(submissions.list({ limit: 1 }))).toEqual([c]);
    });

    it("records outcomes: retry, delivered, dead", async () => {
      await fresh();
      const { submissions } = store;
      const id = await submissions.insert(sampleSubmission(), T0);
      await submissions.markRetry(id, T0 + 5000, "ECONNREFUSED");
      expect(await submissions.get(id)).toMatchObject({
        status: "pending",
        attempts: 1,
        nextAttemptAt: T0 + 5000,
        lastError: "ECONNREFUSED",
        lastStatus: null,
      });
      expect(await submissions.due(T0 + 4999, 10)).toEqual([]);
      expect((await submissions.due(T0 + 5000, 10)).map((row) => row.id)).toEqual([id]);
      await submissions.markDelivered(id, 202, T0 + 6000);
      expect(await submissions.get(id)).toMatchObject({
        status: "delivered",
        attempts: 2,
        nextAttemptAt: null,
        lastStatus: 202,
        deliveredAt: T0 + 6000,
      });

      const dead = await submissions.insert(sampleSubmission(), T0);
      await submissions.markDead(dead, "HTTP 422: bad email", 422, T0 + 10);
      expect(await submissions.get(dead)).toMatchObject({
        status: "dead",
        attempts: 1,
        lastError: "HTTP 422: bad email",
        lastStatus: 422,
        deadAt: T0 + 10,
      });
    });

    it("says how many wait for delivery and since when the oldest was queued", async () => {
      await fresh();
      const { submissions } = store;
      expect(await submissions.waiting()).toEqual({ count: 0, oldestQueuedAt: undefined });
      const delivered = await submissions.insert(sampleSubmission(), T0);
      await submissions.insert(sampleSubmission(), T0 + 1000);
      await submissions.insert(sampleSubmission(), T0 + 2000);
      await submissions.insert(sampleSubmission({ spam: "honeypot" }), T0 - 5000);
      await submissions.markDelivered(delivered, 200, T0 + 3000);
      expect(await submissions.waiting()).toEqual({ count: 2, oldestQueuedAt: T0 + 1000 });
    });

    it("retries one submission whatever its status, and every dead one at once", async () => {
      await fresh();
      const { submissions } = store;
      const dead = await submissions.insert(sampleSubmission(), T0);
      await submissions.markDead(dead, "HTTP 400", 400, T0);
      const spam = await submissions.insert(sampleSubmission({ spam: "honeypot" }), T0);
      expect(await submissions.retry(dead, T0 + 100)).toEqual({
        ok: true,
        previousStatus: "dead",
      });
      expect(await submissions.get(dead)).toMatchObject({
        status: "pending",
        nextAttemptAt: T0 + 100,
        queuedAt: T0 + 100,
        attempts: 1,
        deadAt: null,
      });
      // A false positive of the spam checks is rescued: it stops counting as spam.
      expect(await submissions.retry(spam, T0 + 100)).toEqual({
        ok: true,
        previousStatus: "spam",
      });
      expect(await submissions.get(spam)).toMatchObject({ status: "pending", spam: null });
      expect(await submissions.retry("sub_nope")).toEqual({ ok: false, reason: "not-found" });

      const more = [
        await submissions.insert(sampleSubmission(), T0),
        await submissions.insert(sampleSubmission(), T0),
      ];
      for (const id of more) await submissions.markDead(id, "HTTP 500 (gave up)", 500, T0);
      expect(await submissions.retryDead(T0 + 200)).toBe(2);
      expect(await submissions.list({ status: "dead" })).toEqual([]);
      expect((await submissions.due(T0 + 200, 10)).map((row) => row.id).sort()).toEqual(
        [dead, spam, ...more].sort(),
      );
    });

    it("purges the personal data of delivered submissions and spam, keeping the rows", async () => {
      await fresh();
      const { submissions } = store;
      const old = await submissions.insert(sampleSubmission(), T0);
      await submissions.markDelivered(old, 200, T0 + 1000);
      const recent = await submissions.insert(sampleSubmission(), T0);
      await submissions.markDelivered(recent, 200, T0 + 5000);
      const pending = await submissions.insert(sampleSubmission(), T0);
      const spam = await submissions.insert(sampleSubmission({ spam: "honeypot" }), T0);

      expect(await submissions.purge("delivered", new Date(T0 + 2000), T0 + 9000)).toBe(1);
      expect(await submissions.get(old)).toMatchObject({
        status: "delivered",
        fields: null,
        consent: null,
        attribution: null,
        purgedAt: T0 + 9000,
        formId: "contact",
      });
      expect((await submissions.get(recent))?.fields).not.toBeNull();
      expect((await submissions.get(pending))?.fields).not.toBeNull();
      expect(await submissions.purge("delivered", new Date(T0 + 2000))).toBe(0);
      expect(await submissions.list()).toHaveLength(4);
      // Nothing left to deliver in a purged one.
      expect(await submissions.retry(old)).toEqual({ ok: false, reason: "purged" });

      expect(await submissions.purge("spam", new Date(T0 + 1))).toBe(1);
      expect(await submissions.get(spam)).toMatchObject({ status: "spam", fields: null });
    });

    it("purges dead letters by the age of their death and pending ones by their queueing, clearing the CRM's last error", async () => {
      await fresh();
      const { submissions } = store;
      const deadEarly = await submissions.insert(sampleSubmission(), T0);
      await submissions.markDead(deadEarly, "HTTP 422: field email=a@example.com", 422, T0 + 1000);
      const deadLate = await submissions.insert(sampleSubmission(), T0);
      await submissions.markDead(deadLate, "HTTP 422", 422, T0 + 5000);
      const waiting = await submissions.insert(sampleSubmission(), T0);
      const requeued = await submissions.insert(sampleSubmission(), T0);
      await submissions.markDead(requeued, "HTTP 500", 500, T0 + 100);
      await submissions.retry(requeued, T0 + 5000);

      // Received long ago, but dead only since T0 + 5000: kept.
      expect(await submissions.purge("dead", new Date(T0 + 2000), T0 + 9000)).toBe(1);
      expect(await submissions.get(deadEarly)).toMatchObject({
        status: "dead",
        fields: null,
        consent: null,
        attribution: null,
        lastError: null,
        lastStatus: 422,
        purgedAt: T0 + 9000,
      });
      expect(await submissions.get(deadLate)).toMatchObject({ lastError: "HTTP 422" });
      expect((await submissions.get(deadLate))?.fields).not.toBeNull();
      // A purged dead letter is not queued again with the others: nothing is left to send.
      expect(await submissions.retryDead(T0 + 9500)).toBe(1);
      expect((await submissions.get(deadEarly))?.status).toBe("dead");

      // Pending: counted from its queueing (an operator's retry starts it again).
      expect(await submissions.purge("pending", new Date(T0 + 2000), T0 + 10_000)).toBe(1);
      expect(await submissions.get(waiting)).toMatchObject({
        status: "dead",
        fields: null,
        nextAttemptAt: null,
        deadAt: T0 + 10_000,
        purgedAt: T0 + 10_000,
      });
      expect((await submissions.get(requeued))?.fields).not.toBeNull();
      expect(await submissions.claimDue(T0 + 20_000, 10, T0 + 30_000)).toHaveLength(2);
      expect(await submissions.purge("dead", new Date(T0 + 20_000), T0 + 20_000)).toBe(0);
    });

    it("builds the CRM payload with its keys in a fixed order", async () => {
      await fresh();
      const record = sampleSubmission();
      const id = await store.submissions.insert(record, T0);
      const payload = payloadOf((await store.submissions.get(id)) as SubmissionRow);
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

  describe("outbox claims", () => {
    it("claims due submissions so they are not taken again until the lease runs out", async () => {
      await fresh();
      const { submissions } = store;
      const first = await submissions.insert(sampleSubmission(), T0);
      const second = await submissions.insert(sampleSubmission(), T0 + 1);
      const claimed = await submissions.claimDue(T0 + 10, 1, T0 + 1000);
      expect(claimed.map((row) => row.id)).toEqual([first]);
      expect(claimed[0]?.leaseToken).toEqual(expect.any(String));
      expect((await submissions.claimDue(T0 + 10, 5, T0 + 1000)).map((row) => row.id)).toEqual([
        second,
      ]);
      expect(await submissions.claimDue(T0 + 10, 5, T0 + 1000)).toEqual([]);
      expect(await submissions.nextDueAt()).toBe(T0 + 1000);
      // The claimant died: at the lease's end, another takes them.
      expect(await submissions.claimDue(T0 + 1000, 5, T0 + 2000)).toHaveLength(2);
    });

    it("never hands one submission to two instances claiming at the same moment", async () => {
      await fresh();
      const instances = [store, await another(), await another()];
      const ids = await Promise.all(
        Array.from({ length: 30 }, (_, i) => store.submissions.insert(sampleSubmission(), T0 + i)),
      );
      // Every instance claims in small bites until nothing is left, all at once.
      const taken = await Promise.all(
        instances.map(async (instance) => {
          const mine: string[] = [];
          for (;;) {
            const rows = await instance.submissions.claimDue(T0 + 100, 2, T0 + 60_000);
            if (rows.length === 0) return mine;
            mine.push(...rows.map((row) => row.id));
          }
        }),
      );
      const all = taken.flat();
      expect(all.sort()).toEqual([...ids].sort());
      expect(new Set(all).size).toBe(ids.length);
    });

    it("ignores an outcome recorded under a lease that has run out and passed on", async () => {
      await fresh();
      const { submissions } = store;
      const id = await submissions.insert(sampleSubmission(), T0);
      const [stale] = await submissions.claimDue(T0, 1, T0 + 1000);
      const [current] = await (await another()).submissions.claimDue(T0 + 1000, 1, T0 + 9000);
      expect(current?.leaseToken).not.toBe(stale?.leaseToken);
      // The first claimant comes back late with a failure: the second's lease stands.
      await submissions.markRetry(id, T0 + 1500, "timeout", undefined, stale?.leaseToken);
      await submissions.markDead(id, "HTTP 400", 400, T0 + 1500, stale?.leaseToken);
      expect(await submissions.get(id)).toMatchObject({
        status: "pending",
        attempts: 0,
        nextAttemptAt: T0 + 9000,
      });
      // A delivery reported under the stale lease is not recorded either: the current
      // claimant sends it again (same key) and records its own outcome.
      await submissions.markDelivered(id, 200, T0 + 1500, stale?.leaseToken);
      expect(await submissions.get(id)).toMatchObject({ status: "pending", attempts: 0 });
      await submissions.markRetry(id, T0 + 20_000, "HTTP 503", 503, current?.leaseToken);
      expect(await submissions.get(id)).toMatchObject({ attempts: 1, nextAttemptAt: T0 + 20_000 });
      const [next] = await submissions.claimDue(T0 + 20_000, 1, T0 + 30_000);
      await submissions.markDelivered(id, 200, T0 + 21_000, next?.leaseToken);
      expect(await submissions.get(id)).toMatchObject({ status: "delivered", attempts: 2 });
    });

    it("extends a lease only for the claim that holds it", async () => {
      await fresh();
      const { submissions } = store;
      const id = await submissions.insert(sampleSubmission(), T0);
      const [claim] = await submissions.claimDue(T0, 1, T0 + 1000);
      const token = claim?.leaseToken as string;
      expect(await submissions.extendLease(id, token, T0 + 5000)).toBe(true);
      expect(await submissions.claimDue(T0 + 1000, 1, T0 + 9000)).toEqual([]);
      expect(await submissions.nextDueAt()).toBe(T0 + 5000);
      // Run out and taken over by another instance: the first claim cannot win it back.
      const [takeover] = await (await another()).submissions.claimDue(T0 + 5000, 1, T0 + 9000);
      expect(await submissions.extendLease(id, token, T0 + 20_000)).toBe(false);
      expect(await submissions.nextDueAt()).toBe(T0 + 9000);
      // Recorded: nothing left to extend.
      await submissions.markRetry(id, T0 + 9500, "HTTP 503", 503, takeover?.leaseToken);
      expect(await submissions.extendLease(id, takeover?.leaseToken as string, T0 + 20_000)).toBe(
        false,
      );
      expect(await submissions.nextDueAt()).toBe(T0 + 9500);
    });

    it("never claims what the claimant has in flight, even once its lease has run out", async () => {
      await fresh();
      const { submissions } = store;
      const inFlight = await submissions.insert(sampleSubmission(), T0);
      const other = await submissions.insert(sampleSubmission(), T0 + 1);
      await submissions.claimDue(T0, 1, T0 + 1000);
      const later = await submissions.claimDue(T0 + 2000, 5, T0 + 3000, [inFlight]);
      expect(later.map((row) => row.id)).toEqual([other]);
      // Another instance, with nothing in flight, may take the lapsed lease over.
      const takeover = await (await another()).submissions.claimDue(T0 + 2000, 5, T0 + 3000);
      expect(takeover.map((row) => row.id)).toEqual([inFlight]);
    });

    it("keeps the live lease of a submission an operator retries while it is delivered", async () => {
      await fresh();
      const { submissions } = store;
      const id = await submissions.insert(sampleSubmission(), T0);
      const [claim] = await submissions.claimDue(T0, 1, T0 + 1000);
      expect(await submissions.retry(id, T0 + 100)).toEqual({
        ok: true,
        previousStatus: "pending",
      });
      expect(await submissions.get(id)).toMatchObject({
        queuedAt: T0 + 100,
        nextAttemptAt: T0 + 1000,
      });
      expect(await (await another()).submissions.claimDue(T0 + 100, 5, T0 + 9000)).toEqual([]);
      expect(await submissions.extendLease(id, claim?.leaseToken as string, T0 + 2000)).toBe(true);
      // A lease that ran out (its claimant died) is not worth keeping: due at once.
      expect(await submissions.retry(id, T0 + 2000)).toMatchObject({ ok: true });
      expect(await submissions.get(id)).toMatchObject({ nextAttemptAt: T0 + 2000 });
      expect(await submissions.extendLease(id, claim?.leaseToken as string, T0 + 5000)).toBe(false);
    });
  });

  describe("rate limits", () => {
    const rule = (now: number, limit = 3) => ({ limit, windowMs: HOUR, now });

    it("allows the limit within the window, counted across instances, then says when", async () => {
      await fresh();
      const other = await another();
      expect(await store.rateLimits.hit("10.0.0.1|contact", rule(T0))).toEqual({ allowed: true });
      expect(await other.rateLimits.hit("10.0.0.1|contact", rule(T0 + 1))).toEqual({
        allowed: true,
      });
      expect(await store.rateLimits.hit("10.0.0.1|contact", rule(T0 + 2))).toEqual({
        allowed: true,
      });
      expect(await other.rateLimits.hit("10.0.0.1|contact", rule(T0 + 15 * 60_000))).toEqual({
        allowed: false,
        retryAfterSeconds: 45 * 60,
      });
      // Another form, or another address, has its own count.
      expect(await store.rateLimits.hit("10.0.0.1|newsletter", rule(T0))).toEqual({
        allowed: true,
      });
      expect(await store.rateLimits.hit("10.0.0.2|contact", rule(T0))).toEqual({ allowed: true });
      // A new window at the hour.
      expect(await store.rateLimits.hit("10.0.0.1|contact", rule(T0 + HOUR))).toEqual({
        allowed: true,
      });
    });

    it("counts attempts made at the same moment exactly", async () => {
      await fresh();
      const instances = [store, await another()];
      const decisions = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (instances[i % 2] as SiteStore).rateLimits.hit("k", rule(T0, 5)),
        ),
      );
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    });

    it("never asks to wait less than a second, and forgets windows past their end", async () => {
      await fresh();
      await store.rateLimits.hit("k", rule(T0, 1));
      expect(await store.rateLimits.hit("k", rule(T0 + HOUR - 10, 1))).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
      await store.rateLimits.hit("later", rule(T0 + 10, 1));
      expect(await store.rateLimits.purgeExpired(T0 + 5)).toBe(1);
      expect(await store.rateLimits.hit("k", rule(T0 + 20, 1))).toEqual({ allowed: true });
    });
  });

  describe("signing key", () => {
    it("generates one key, the same for every instance, and prefers the configured secret", async () => {
      await fresh();
      const keys = await Promise.all([
        store.signingKey(),
        (await another()).signingKey(),
        (await another()).signingKey(),
      ]);
      expect(keys[0]).toHaveLength(32);
      expect(keys.map((key) => key.toString("hex"))).toEqual(
        Array(3).fill(keys[0]?.toString("hex")),
      );
      expect((await store.signingKey()).equals(keys[0] as Buffer)).toBe(true);
      expect((await store.signingKey("a-configured-secret")).toString()).toBe(
        "a-configured-secret",
      );
    });

    it("rotates: a new key for every instance, the replaced one kept as previous with its time", async () => {
      await fresh();
      const first = await store.signingKey();
      expect(await store.previousSigningKey()).toBeUndefined();
      const rotated = await store.rotateSigningKey(T0);
      expect(rotated.key.equals(first)).toBe(true);
      const second = await (await another()).signingKey();
      expect(second).toHaveLength(32);
      expect(second.equals(first)).toBe(false);
      expect((await store.signingKey()).equals(second)).toBe(true);
      const previous = await (await another()).previousSigningKey();
      expect(previous?.key.equals(first)).toBe(true);
      expect(previous?.rotatedAt).toBe(T0);
      // One rotation back only: the next one keeps the second key and drops the first.
      await store.rotateSigningKey(T0 + 1000);
      expect((await store.previousSigningKey())?.key.equals(second)).toBe(true);
      expect((await store.previousSigningKey())?.rotatedAt).toBe(T0 + 1000);
      expect((await store.signingKey()).equals(second)).toBe(false);
    });
  });

  describe("published versions", () => {
    const version = (
      entryId: string,
      versionKey: string,
      title: string,
      templateName = "news-article",
    ) => ({
      entryId,
      templateName,
      versionKey,
      entry: { _id: entryId, meta: { en: { title } } },
      recordedAt: T0,
    });

    it("records, replaces, lists by template and removes versions", async () => {
      await fresh();
      const versions = store.publishedVersions;
      await versions.recordPublishedVersions([
        version("a1", "1", "First"),
        version("b2", "1", "Second"),
        version("e3", "1", "An event", "event"),
      ]);
      await versions.recordPublishedVersions([version("a1", "2", "First, again")]);
      expect(await versions.listPublishedVersionKeys("news-article")).toEqual([
        { entryId: "a1", versionKey: "2" },
        { entryId: "b2", versionKey: "1" },
      ]);
      expect(await versions.getPublishedVersions(["missing", "a1"])).toEqual([
        version("a1", "2", "First, again"),
      ]);
      await versions.removePublishedVersions(["a1"]);
      expect(await versions.getPublishedVersions(["a1", "b2"])).toEqual([
        version("b2", "1", "Second"),
      ]);
      expect(await versions.listPublishedVersionKeys("event")).toEqual([
        { entryId: "e3", versionKey: "1" },
      ]);
      await versions.removePublishedVersions([]);
      expect(await versions.getPublishedVersions([])).toEqual([]);
    });

    it("shows what one instance records to another, and keeps it across a reopen", async () => {
      await fresh();
      const other = await another();
      await store.publishedVersions.recordPublishedVersions([version("a1", "7", "Kept")]);
      expect(await other.publishedVersions.getPublishedVersions(["a1"])).toEqual([
        version("a1", "7", "Kept"),
      ]);
      // Both record the same version at once (each read it while public): one row, the same.
      await Promise.all([
        store.publishedVersions.recordPublishedVersions([version("a1", "8", "Newer")]),
        other.publishedVersions.recordPublishedVersions([version("a1", "8", "Newer")]),
      ]);
      const reopened = await another();
      expect(await reopened.publishedVersions.listPublishedVersionKeys("news-article")).toEqual([
        { entryId: "a1", versionKey: "8" },
      ]);
    });

    it("keeps every address an entry was public at, for every instance and across a reopen", async () => {
      await fresh();
      const other = await another();
      const at = (versionKey: string, path: string, recordedAt: number) => ({
        ...version("a1", versionKey, "Renamed"),
        path,
        recordedAt,
      });
      await store.publishedVersions.recordPublishedVersions([at("1", "/news/first", T0)]);
      await other.publishedVersions.recordPublishedVersions([at("2", "/news/first", T0 + 5)]);
      await store.publishedVersions.recordPublishedVersions([
        at("3", "/news/second", T0 + 10),
        { ...version("b2", "1", "No address"), recordedAt: T0 + 10 },
      ]);
      // The version keys tell the address each version had (none: no path).
      expect(await other.publishedVersions.listPublishedVersionKeys("news-article")).toEqual([
        { entryId: "a1", versionKey: "3", path: "/news/second" },
        { entryId: "b2", versionKey: "1" },
      ]);
      const reopened = await another();
      expect(await reopened.publishedVersions.listEntryAddresses()).toEqual([
        {
          entryId: "a1",
          path: "/news/first",
          templateName: "news-article",
          firstPublicAt: T0,
          lastPublicAt: T0 + 5,
        },
        {
          entryId: "a1",
          path: "/news/second",
          templateName: "news-article",
          firstPublicAt: T0 + 10,
          lastPublicAt: T0 + 10,
        },
      ]);
      // A late write of an older version never moves the last time back.
      await other.publishedVersions.recordPublishedVersions([at("1", "/news/first", T0 + 1)]);
      expect((await store.publishedVersions.listEntryAddresses())[0]?.lastPublicAt).toBe(T0 + 5);
      // A deleted entry's addresses go with its version.
      await store.publishedVersions.removePublishedVersions(["a1"]);
      expect(await other.publishedVersions.listEntryAddresses()).toEqual([]);
    });
  });

  describe("preview revocations", () => {
    it("tells the newest revocation covering an entry: its own or that of every link", async () => {
      await fresh();
      const other = await another();
      const revocations = store.previewRevocations;
      expect(await revocations.previewLinksRevokedAt("a1")).toBe(0);
      await revocations.revokePreviewLinks({ entryId: "a1" }, T0);
      expect(await other.previewRevocations.previewLinksRevokedAt("a1")).toBe(T0);
      expect(await other.previewRevocations.previewLinksRevokedAt("b2")).toBe(0);
      await other.previewRevocations.revokePreviewLinks("all", T0 + HOUR);
      expect(await revocations.previewLinksRevokedAt("a1")).toBe(T0 + HOUR);
      expect(await revocations.previewLinksRevokedAt("b2")).toBe(T0 + HOUR);
      // A revocation never moves back.
      await revocations.revokePreviewLinks("all", T0);
      await revocations.revokePreviewLinks({ entryId: "a1" }, T0 - HOUR);
      expect(await revocations.previewLinksRevokedAt("b2")).toBe(T0 + HOUR);
      expect(await revocations.previewLinksRevokedAt("a1")).toBe(T0 + HOUR);
    });
  });

  describe("purge claims", () => {
    it("gives one change's purge to one instance, to another once its lease ran out undone, and to none once done", async () => {
      await fresh();
      const other = await another();
      const lease = 15_000;
      expect(await store.purgeClaims.claim("change-1", "a", T0, T0 + lease)).toBe("claimed");
      expect(await other.purgeClaims.claim("change-1", "b", T0 + 10, T0 + 10 + lease)).toBe("held");
      // a died before sending: its lease runs out and b takes the purge.
      const later = T0 + lease;
      expect(await other.purgeClaims.claim("change-1", "b", later, later + lease)).toBe("claimed");
      // a, back late, can no longer mark it done; b does.
      await store.purgeClaims.markDone("change-1", "a", later + 1);
      expect(await store.purgeClaims.claim("change-1", "a", later + 2, later + 2 + lease)).toBe(
        "held",
      );
      await other.purgeClaims.markDone("change-1", "b", later + 3);
      const muchLater = later + 10 * lease;
      expect(await store.purgeClaims.claim("change-1", "a", muchLater, muchLater + lease)).toBe(
        "done",
      );
      // Another change is claimed on its own.
      expect(await store.purgeClaims.claim("change-2", "a", muchLater, muchLater + lease)).toBe(
        "claimed",
      );
      expect(await store.purgeClaims.forgetBefore(muchLater)).toBe(1);
      expect(await other.purgeClaims.claim("change-1", "b", muchLater, muchLater + lease)).toBe(
        "claimed",
      );
    });

    it("never gives one purge to two instances claiming at the same moment", async () => {
      await fresh();
      const others = await Promise.all([another(), another(), another()]);
      const outcomes = await Promise.all(
        [store, ...others].map((each, index) =>
          each.purgeClaims.claim("change-race", `holder-${index}`, T0, T0 + 15_000),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === "claimed")).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === "held")).toHaveLength(3);
    });
  });

  describe("schema", () => {
    it("migrates once, with instances opening a fresh place together", async () => {
      await places.freshPlace();
      const stores = await Promise.all(Array.from({ length: 4 }, () => another()));
      store = stores[0] as SiteStore;
      const id = await store.submissions.insert(sampleSubmission(), T0);
      const reopened = await another();
      expect((await reopened.submissions.get(id))?.formId).toBe("contact");
    });

    // A newer release is this code's migrations and one more; this code is the older release.
    const newerRelease = (step: Partial<Migration>): Migration[] => [
      ...MIGRATIONS,
      {
        description: "a step of the next release",
        sqlite: "CREATE TABLE next_release_notes (id TEXT PRIMARY KEY, note TEXT)",
        postgres: "CREATE TABLE next_release_notes (id TEXT PRIMARY KEY, note TEXT)",
        ...step,
      },
    ];

    it("runs an older release on a schema a newer release only added to", async () => {
      const place = await places.freshPlace();
      const newer = await place.open(newerRelease({}));
      const id = await newer.submissions.insert(sampleSubmission(), T0);
      await newer.close();
      // Rolled back (or an old instance restarted mid-roll): it starts, reads and writes.
      const older = await another();
      expect((await older.submissions.get(id))?.formId).toBe("contact");
      const again = await older.submissions.insert(sampleSubmission(), T0 + 1);
      await older.close();
      // The schema stays the newer one, which that release then opens as it is.
      const newerAgain = await place.open(newerRelease({}));
      expect((await newerAgain.submissions.get(again))?.formId).toBe("contact");
      await newerAgain.close();
    });

    it("refuses an older release on a schema a newer release changed, saying what to do", async () => {
      const place = await places.freshPlace();
      const breaking = newerRelease({
        sqlite: "ALTER TABLE submissions RENAME COLUMN page_path TO page_address",
        postgres: "ALTER TABLE submissions RENAME COLUMN page_path TO page_address",
        breaksOlderReleases: true,
      });
      await (await place.open(breaking)).close();
      await expect(place.open()).rejects.toThrow(
        `has schema version ${SCHEMA_VERSION + 1}, newer than this code's ${SCHEMA_VERSION}: this instance is older than the database, which only releases knowing schema version ${SCHEMA_VERSION + 1} or later can run on`,
      );
      await expect(place.open()).rejects.toThrow(/restore a backup taken before/);
      // The release that changed it still runs on it.
      await (await place.open(breaking)).close();
    });
  });

  if (engine.name === "sqlite") {
    it("leaves no byte of a purged submission's fields in the database file or its WAL", async () => {
      await fresh();
      const { submissions } = store;
      const marker = "purged-marker-7f3a9c1e";
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const record = sampleSubmission({
          fields: { email: `${marker}-${i}@example.com`, message: `${marker} ${"x".repeat(2000)}` },
        });
        const id = await submissions.insert(record, T0);
        await submissions.markDelivered(id, 200, T0 + 1000);
        ids.push(id);
      }
      expect(await submissions.purge("delivered", new Date(T0 + 2000), T0 + 9000)).toBe(20);
      const file = store.location;
      for (const part of [file, `${file}-wal`]) {
        const bytes = await readFile(part).catch(() => Buffer.alloc(0));
        expect(bytes.includes(marker), part).toBe(false);
      }
    });

    it("keeps a private file in WAL mode in DATA_DIR", async () => {
      await fresh();
      const file = store.location;
      expect(path.basename(file)).toBe(SQLITE_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const raw = new Database(file);
      try {
        expect(raw.prepare("PRAGMA journal_mode").get()).toMatchObject({ journal_mode: "wal" });
        expect(raw.prepare("PRAGMA user_version").get()).toMatchObject({
          user_version: SCHEMA_VERSION,
        });
      } finally {
        raw.close();
      }
    });
  }
});

describe("PostgreSQL at start", () => {
  it("says which database it could not reach, without its password", async () => {
    const { freePort } = await import("../../tests/support/free-port");
    const port = await freePort();
    await expect(
      openStore({
        databaseUrl: `postgres://site:hunter2-secret@127.0.0.1:${port}/site`,
        dataDir: "/unused",
        postgres: { connectTimeoutMs: 2_000 },
      }),
    ).rejects.toThrow(
      new RegExp(
        `could not connect to the database at postgres://site@127\\.0\\.0\\.1:${port}/site \\(ECONNREFUSED`,
      ),
    );
    await openStore({
      databaseUrl: `postgres://site:hunter2-secret@127.0.0.1:${port}/site`,
      dataDir: "/unused",
    }).catch((error: Error) => expect(error.message).not.toContain("hunter2"));
  });
});
