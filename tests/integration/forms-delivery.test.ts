// The forms outbox against a real SQLite file and a real local webhook: retries through
// errors, timeouts and rate limits, signatures the receiver can check, dead letters,
// restarts, spam. Timings are shortened through options; the tests wait on what the
// webhook receives and on the outbox's log lines, never on fixed sleeps.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Outbox, type OutboxTimings } from "../../server/forms/outbox";
import { SqliteStore } from "../../server/store/sqlite-store";
import { payloadOf, type SubmissionRow } from "../../server/store/store";
import { sampleSubmission } from "../support/form-submission";
import { deliveryVerifies, signedHeaders, webhookSecretFor } from "../support/standard-webhooks";
import {
  type ReceivedRequest,
  type RecordingLogger,
  recordingLogger,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../support/webhook-receiver";

const SECRET = webhookSecretFor("forms-delivery");
/** Fast retries; polling far away, so that kick() and the due-time timer are what drive. */
const FAST: Partial<OutboxTimings> = {
  baseDelayMs: 20,
  maxDelayMs: 2_000,
  timeoutMs: 5_000,
  pollMs: 60_000,
  stopTimeoutMs: 2_000,
};

let dir: string;
let store: SqliteStore;
let receiver: WebhookReceiver;
let logger: RecordingLogger;
const outboxes: Outbox[] = [];

function outbox(
  options: Partial<OutboxTimings> & { webhookSecret?: string } = {},
  on = store,
): Outbox {
  const created = new Outbox({
    store: on.submissions,
    webhookUrl: receiver.url,
    webhookSecret: SECRET,
    logger,
    ...FAST,
    ...options,
  });
  outboxes.push(created);
  return created;
}

const signatureVerifies = (request: ReceivedRequest, secret = SECRET) =>
  deliveryVerifies(request, secret);

const logged = (message: string, count: number) => () =>
  logger.waitFor((lines) => lines.filter((line) => line.message === message).length >= count);
const DELIVERED = "forms: submission delivered";

const row = async (id: string) => (await store.submissions.get(id)) as SubmissionRow;
const requestsFor = (id: string) => receiver.received.filter((request) => request.key === id);

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "forms-delivery-"));
  store = SqliteStore.open(dir);
  logger = recordingLogger();
  receiver = await startWebhookReceiver();
});

afterEach(async () => {
  for (const created of outboxes.splice(0)) await created.stop();
  await store.close();
  await receiver.close();
  await rm(dir, { recursive: true, force: true });
});

describe("forms outbox", () => {
  it("gets every submission through a 500, a hang, a 429 and then a 200", async () => {
    // Each answer is repeated until the outbox has seen it (its log says so), in order: on
    // a loaded machine an answer can miss the short time limit, and the script must not
    // skip a step then.
    const steps = ["500", "timeout", "429"];
    const outcomesOf = (id: string) =>
      logger.lines
        .filter((line) => line.fields.submission === id)
        .map((line) => String(line.fields.status ?? line.fields.error));
    const stepsDone = (id: string) =>
      outcomesOf(id).reduce((done, outcome) => (outcome === steps[done] ? done + 1 : done), 0);
    receiver.answerWith(({ key }) => {
      const step = steps[stepsDone(key)];
      if (step === "500") return { status: 500, body: "oops" };
      if (step === "timeout") return "hang";
      if (step === "429") return { status: 429, headers: { "Retry-After": "1" } };
      return { status: 200, body: "ok" };
    });
    const ids = [
      await store.submissions.insert(sampleSubmission()),
      await store.submissions.insert(
        sampleSubmission({ formId: "newsletter", fields: { email: "b@example.com" } }),
      ),
      await store.submissions.insert(sampleSubmission({ pagePath: "/partner-sign-up/omnicom" })),
    ];
    // The receiver that hangs costs this much per submission.
    outbox({ timeoutMs: 200 }).start();
    await logged(DELIVERED, 3)();

    for (const id of ids) {
      const attemptOf = (request: ReceivedRequest) =>
        Number(request.headers["x-id5-delivery-attempt"]);
      // In attempt order: a request cut short by the time limit may arrive after the next.
      const seen = requestsFor(id).sort((a, b) => attemptOf(a) - attemptOf(b));
      const numbers = seen.map(attemptOf);
      // 500, hang, 429, 200: four attempts (more when one missed the short time limit),
      // every one with the same key and its own attempt number.
      expect(seen.length).toBeGreaterThanOrEqual(3);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(await row(id)).toMatchObject({
        status: "delivered",
        attempts: numbers.at(-1),
        lastStatus: 200,
      });
      for (const request of seen) {
        expect(request.method).toBe("POST");
        expect(request.headers["content-type"]).toBe("application/json");
        expect(request.headers["user-agent"]).toBe("id5-website-forms");
        expect(signatureVerifies(request)).toBe(true);
        // One message id across retries, so the CRM can drop a repeat.
        expect(request.headers["webhook-id"]).toBe(id);
        // The body is the stored submission, the same bytes on every attempt.
        expect(request.body.equals(seen[0]?.body as Buffer)).toBe(true);
        expect(JSON.parse(request.body.toString("utf8"))).toEqual(payloadOf(await row(id)));
      }
      // Retry-After: 1 was honoured: the attempt after the one the outbox saw a 429 for
      // came at least a second later.
      const limited = logger.lines.find(
        (line) => line.fields.submission === id && line.fields.status === 429,
      );
      const attempt = limited?.fields.attempt as number;
      expect(limited?.fields.retryInMs).toBe(1000);
      const limitedAt = numbers.indexOf(attempt);
      const gap = (seen[limitedAt + 1]?.at ?? Number.NaN) - (seen[limitedAt]?.at ?? Number.NaN);
      expect(gap).toBeGreaterThanOrEqual(950);
      // What the outbox made of the answers: 500, timeout, 429 in this order, then 200.
      expect(stepsDone(id)).toBe(steps.length);
      expect(outcomesOf(id).at(-1)).toBe("200");
    }
    // The logs name submissions, forms, attempts and statuses; never what was sent.
    const logs = JSON.stringify(logger.lines);
    for (const secretish of [
      "ada@example.com",
      "Lovelace",
      "Analytical",
      "b@example.com",
      SECRET,
    ]) {
      expect(logs).not.toContain(secretish);
    }
    expect(logger.lines.find((line) => line.message === DELIVERED)?.fields).toEqual({
      submission: expect.stringMatching(/^sub_/),
      form: expect.any(String),
      attempt: expect.any(Number),
      status: 200,
    });
  });

  it("is verified by the Standard Webhooks reference library, which refuses a tampered body, another secret and a replay", async () => {
    const id = await store.submissions.insert(sampleSubmission());
    outbox().start();
    await logged(DELIVERED, 1)();
    const [request] = requestsFor(id) as [ReceivedRequest];
    expect(request.headers["x-id5-signature"]).toBeUndefined();
    expect(request.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
    const sentAt = Number(request.headers["webhook-timestamp"]);
    expect(Math.abs(sentAt * 1000 - request.at)).toBeLessThan(5_000);
    // The verifier hands back the parsed submission once the signature holds.
    expect(new Webhook(SECRET).verify(request.body, signedHeaders(request.headers))).toEqual(
      JSON.parse(request.body.toString("utf8")),
    );
    const tampered = Buffer.from(request.body.toString("utf8").replace("Ada", "Eve"));
    expect(signatureVerifies({ ...request, body: tampered })).toBe(false);
    expect(signatureVerifies(request, webhookSecretFor("another CRM"))).toBe(false);
    // The same delivery sent again ten minutes later: past the verifier's five minutes.
    vi.useFakeTimers({ toFake: ["Date"], now: sentAt * 1000 + 10 * 60_000 });
    try {
      expect(signatureVerifies(request)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    expect(signatureVerifies(request)).toBe(true);
  });

  it("signs every delivery with both secrets during a rotation", async () => {
    const next = webhookSecretFor("forms-delivery, next");
    const id = await store.submissions.insert(sampleSubmission());
    outbox({ webhookSecret: `${SECRET} ${next}` }).start();
    await logged(DELIVERED, 1)();
    const [request] = requestsFor(id) as [ReceivedRequest];
    expect(String(request.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    // A CRM still on the old secret and one already on the new one both accept it.
    expect(signatureVerifies(request, SECRET)).toBe(true);
    expect(signatureVerifies(request, next)).toBe(true);
    expect(signatureVerifies(request, webhookSecretFor("neither"))).toBe(false);
  });

  it("dead-letters a refused submission at once, and a failing one at the age limit", async () => {
    receiver.answerWith((request) =>
      JSON.parse(request.body.toString("utf8")).formId === "refused"
        ? { status: 400, body: `unknown destination ${"x".repeat(600)}` }
        : { status: 500, body: "down" },
    );
    const refused = await store.submissions.insert(sampleSubmission({ formId: "refused" }));
    const failing = await store.submissions.insert(sampleSubmission({ formId: "failing" }));
    outbox({ maxAgeMs: 600, baseDelayMs: 50, maxDelayMs: 200 }).start();
    await logger.waitFor((lines) => lines.filter((line) => line.level === "error").length >= 2);

    expect(requestsFor(refused)).toHaveLength(1);
    const dead400 = await row(refused);
    expect(dead400).toMatchObject({ status: "dead", attempts: 1, lastStatus: 400 });
    expect(dead400.lastError).toBe(`HTTP 400: unknown destination ${"x".repeat(500 - 20)}`);

    const dead500 = await row(failing);
    expect(dead500).toMatchObject({ status: "dead", lastStatus: 500 });
    expect(dead500.attempts).toBeGreaterThanOrEqual(2);
    expect(dead500.attempts).toBe(requestsFor(failing).length);
    expect(dead500.lastError).toMatch(/^HTTP 500: down \(gave up after/);
    expect((dead500.deadAt as number) - dead500.queuedAt).toBeGreaterThanOrEqual(600);

    expect(
      (await store.submissions.list({ status: "dead" })).map((dead) => dead.id).sort(),
    ).toEqual([refused, failing].sort());
  });

  it("resumes pending deliveries after a restart, overdue ones included", async () => {
    receiver.answerWith(() => ({ status: 503, body: "maintenance" }));
    const first = await store.submissions.insert(sampleSubmission());
    const before = outbox({ baseDelayMs: 50, maxDelayMs: 50 });
    before.start();
    await receiver.waitFor(() => requestsFor(first).length >= 1);
    await before.stop();
    await store.close();

    // While no outbox runs, one more is stored (by another process), long overdue by the
    // time the site is back.
    const offline = SqliteStore.open(dir);
    expect(await offline.submissions.get(first)).toMatchObject({
      status: "pending",
      lastStatus: 503,
    });
    const overdue = await offline.submissions.insert(
      sampleSubmission(),
      Date.now() - 60 * 60 * 1000,
    );
    await offline.close();

    receiver.answerWith(() => ({ status: 204 }));
    store = SqliteStore.open(dir);
    outbox().start();
    await logged(DELIVERED, 2)();
    const seen = requestsFor(first);
    expect(await row(first)).toMatchObject({ status: "delivered", lastStatus: 204 });
    expect((await row(first)).attempts).toBe(seen.length);
    // The attempts went on counting across the restart, under the same idempotency key.
    expect(seen.map((request) => request.headers["x-id5-delivery-attempt"])).toEqual(
      seen.map((_, index) => String(index + 1)),
    );
    expect(await row(overdue)).toMatchObject({ status: "delivered", lastStatus: 204 });
  });

  it("never delivers spam", async () => {
    const spam = await store.submissions.insert(sampleSubmission({ spam: "honeypot" }));
    const real = await store.submissions.insert(sampleSubmission());
    const running = outbox();
    running.start();
    running.kick();
    await logged(DELIVERED, 1)();
    expect(receiver.received.map((request) => request.key)).toEqual([real]);
    expect(await row(spam)).toMatchObject({ status: "spam", attempts: 0 });
  });

  it("picks up a new submission on kick() and a retry from another process on its poll", async () => {
    receiver.answerWith(() => ({ status: 410, body: "gone" }));
    const running = outbox({ pollMs: 100 });
    running.start();
    const id = await store.submissions.insert(sampleSubmission());
    running.kick();
    await logger.waitFor((lines) => lines.some((line) => line.level === "error"));
    expect((await row(id)).status).toBe("dead");

    // The operator's command is another process: another connection to the same file.
    receiver.answerWith(() => ({ status: 200 }));
    const cli = SqliteStore.open(dir);
    try {
      expect(await cli.submissions.retry(id)).toEqual({ ok: true, previousStatus: "dead" });
    } finally {
      await cli.close();
    }
    await logged(DELIVERED, 1)();
    expect(await row(id)).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("keeps at most four deliveries in flight", async () => {
    receiver.answerWith(() => ({ status: 200, delayMs: 300 }));
    for (let i = 0; i < 10; i++) await store.submissions.insert(sampleSubmission());
    outbox().start();
    await logged(DELIVERED, 10)();
    expect(receiver.maxOpen).toBe(4);
  });

  it("stops within its bound, recording the cut-short attempt for the next start", async () => {
    receiver.answerWith(() => "hang");
    const id = await store.submissions.insert(sampleSubmission());
    const running = outbox({ timeoutMs: 30_000, stopTimeoutMs: 100 });
    running.start();
    await receiver.waitFor(() => receiver.received.length === 1);
    expect(running.activeDeliveries).toBe(1);
    await running.stop();
    expect(running.activeDeliveries).toBe(0);
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 1, lastError: "aborted" });
    expect((await row(id)).nextAttemptAt).toBeLessThanOrEqual(Date.now());
  });
});
