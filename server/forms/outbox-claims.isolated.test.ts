// An outbox on a store that stalls, on both engines: it never claims again what it has in
// flight, and it keeps its lease while an attempt runs, so no submission is sent twice at
// once by one instance or by two (tests/support/slow-store.ts holds the store's answers).
import { afterEach, describe, expect, it, vi } from "vitest";
import { sampleSubmission } from "../../tests/support/form-submission";
import { slowStore } from "../../tests/support/slow-store";
import { webhookSecretFor } from "../../tests/support/standard-webhooks";
import { postgres, sqlite, usePlaces } from "../../tests/support/store-engines";
import {
  recordingLogger,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../tests/support/webhook-receiver";
import type { SiteStore, SubmissionStore } from "../store/store";
import { LEASE_ATTEMPTS, Outbox } from "./outbox";

describe.each([sqlite, postgres])("outbox claims on $name", (engine) => {
  const places = usePlaces(engine);
  let store: SiteStore;
  /** Another instance's connection to the same data. */
  const another = places.another;
  const fresh = async () => {
    store = await places.fresh();
  };

  // Each test waits in turn for the CRM, for claims (per instance) and for the delivery, each
  // with its own deadline: its timeout covers them all, so a slow run fails with their words.
  describe("an outbox on a slow store", { timeout: 120_000 }, () => {
    const started: Outbox[] = [];
    let receiver: WebhookReceiver | undefined;
    afterEach(async () => {
      for (const outbox of started.splice(0)) await outbox.stop();
      await receiver?.close();
      receiver = undefined;
    });
    const startOutbox = (submissions: SubmissionStore, timeoutMs: number) => {
      const outbox = new Outbox({
        store: submissions,
        webhookUrl: (receiver as WebhookReceiver).url,
        webhookSecret: webhookSecretFor("outbox-claims"),
        logger: recordingLogger(),
        timeoutMs,
        pollMs: 10,
        stopTimeoutMs: 20_000,
      });
      started.push(outbox);
      outbox.start();
      return outbox;
    };
    /** The one request the CRM got, and the row delivered once with attempt 1. */
    const deliveredOnce = async (id: string) => {
      await vi.waitFor(
        async () => expect((await store.submissions.get(id))?.status).toBe("delivered"),
        { timeout: 20_000, interval: 20 },
      );
      const requests = (receiver as WebhookReceiver).received;
      expect(requests.map((request) => request.headers["x-id5-delivery-attempt"])).toEqual(["1"]);
      expect(await store.submissions.get(id)).toMatchObject({ attempts: 1, lastStatus: 200 });
    };

    it("does not send again what it has in flight when the store stalls past the lease", async () => {
      await fresh();
      receiver = await startWebhookReceiver();
      const slow = slowStore(store.submissions, { holdExtensions: true });
      const id = await store.submissions.insert(sampleSubmission());
      // The CRM's answer must come within it on a busy machine (at 100 ms, a slow answer was
      // a timeout and a second attempt, which is not what this test is about).
      const timeoutMs = 1_000;
      startOutbox(slow.submissions, timeoutMs);
      await receiver.waitFor((received) => received.length === 1, 20_000);
      const leaseEnd = slow.claims.find((call) => call.claimed.length > 0)?.claimed[0]
        ?.nextAttemptAt as number;
      // The recording and every extension hang: the lease runs out, and the outbox keeps
      // claiming (the row is due in the store) while the delivery is still in flight.
      await slow.waitForClaims(
        (claims) =>
          claims.filter((call) => call.now > leaseEnd + timeoutMs * LEASE_ATTEMPTS).length >= 3,
      );
      expect((await store.submissions.due(Date.now(), 10)).map((row) => row.id)).toEqual([id]);
      expect(slow.claims.flatMap((call) => call.claimed)).toHaveLength(1);
      expect(slow.claims.at(-1)?.inFlight).toEqual([id]);
      slow.release();
      await deliveredOnce(id);
    });

    it("keeps its lease while recording stalls, so a second instance never sends it too", async () => {
      await fresh();
      receiver = await startWebhookReceiver();
      const stores = [slowStore(store.submissions, { holdExtensions: false })];
      stores.push(slowStore((await another()).submissions, { holdExtensions: false }));
      const id = await store.submissions.insert(sampleSubmission());
      // Long enough that the extensions (every quarter of the lease) come in time on a busy
      // machine; the test waits for several leases' worth of claims all the same.
      const timeoutMs = 1_000;
      for (const each of stores) startOutbox(each.submissions, timeoutMs);
      await receiver.waitFor((received) => received.length === 1, 20_000);
      const firstLeaseEnd = stores
        .flatMap((each) => each.claims)
        .find((call) => call.claimed.length > 0)?.claimed[0]?.nextAttemptAt as number;
      // An operator retries it meanwhile: the live lease stays, nobody else takes it.
      expect(await (await another()).submissions.retry(id)).toMatchObject({ ok: true });
      const pastLeases = firstLeaseEnd + timeoutMs * LEASE_ATTEMPTS;
      for (const each of stores) {
        await each.waitForClaims(
          (claims) => claims.filter((call) => call.now > pastLeases).length >= 3,
        );
      }
      expect((await store.submissions.get(id))?.nextAttemptAt).toBeGreaterThan(pastLeases);
      expect(stores.flatMap((each) => each.claims).flatMap((call) => call.claimed)).toHaveLength(1);
      for (const each of stores) each.release();
      await deliveredOnce(id);
    });
  });
});
