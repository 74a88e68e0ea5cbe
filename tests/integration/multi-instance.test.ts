// Two instances of the site, one truth: two real site processes (the real build, started
// as `npm start` starts it, each in a project folder of its own) on one private PostgreSQL
// server, reading one content service, delivering to one CRM stand-in that fails the first
// two attempts of every submission and records deliveries of one key that overlap.
// Submissions go to both instances; one instance is SIGKILLed with deliveries in flight.
// Shown: every acknowledged submission is delivered, none twice at the same moment, each
// signed and with its idempotency key; a client's rate limit counts across both instances;
// an edit written to the content service reaches both, and a third instance started after
// an edit made while it was down serves that edit in its first answer once /readyz says
// ready; with the database down a submission gets 503 and the form back,
// pages keep serving, and the outbox resumes when the database is back.
import { readFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SiteProcess } from "../../scripts/site-process";
import { openStore } from "../../server/store/open-store";
import type { SiteStore } from "../../server/store/store";
import type { ContentApi } from "../support/content-api";
import { readLogLines } from "../support/log-file";
import { pollUntil } from "../support/poll";
import { type PostgresServer, startPostgres } from "../support/postgres";
import { untilInstanceReady } from "../support/site-instance";
import { type SiteInstances, startSiteInstances } from "../support/site-instances";
import { deliveryVerifies, webhookSecretFor } from "../support/standard-webhooks";

const SECRET = webhookSecretFor("multi-instance");
/** A client may send this many per form and hour, wherever they land. */
const RATE_LIMIT = 3;
/** Submissions spread over the two instances. */
const SUBMISSIONS = 16;
/** Attempts the CRM stand-in fails (503, come back in a second) before it accepts one. */
const FAILED_ATTEMPTS = 2;
/** A news article of the seed, edited through the content service's API. */
const ARTICLE = {
  id: "359e533091ae2e0a5c53132f",
  page: "/news/brightwave-exchange-passes-id5-id-by-default",
  title: "Brightwave Exchange passes the ID5 ID to buyers by default",
};
const EDITED_LIVE = `${ARTICLE.title} (edited for both instances ${Date.now()})`;
const EDITED_BEFORE_THIRD = `${ARTICLE.title} (edited before the third instance ${Date.now()})`;
const WAIT_MS = 45_000;
/** How long the stand-in takes to accept: well under the attempt limit below (3 s). */
const ACCEPT_DELAY_MS = 1_000;

/** One request as the stand-in saw it. */
interface Delivery {
  key: string;
  attempt: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** How it ended: answered (with its status), or cut off by the sender going away. */
  outcome?: { answered: number } | "cut-off";
}

/**
 * The CRM: fails the first FAILED_ATTEMPTS attempts of each key with 503 + Retry-After: 1,
 * then accepts, taking ACCEPT_DELAY_MS to answer; while it holds (hold() until release()),
 * it answers no accepted attempt at all, so deliveries are surely in flight when an
 * instance is killed, however slow the machine. Two requests of one key open at once are
 * recorded as overlaps.
 */
async function startCrmStandIn() {
  const deliveries: Delivery[] = [];
  const openByKey = new Map<string, number>();
  const overlaps: string[] = [];
  let open = 0;
  let changed = () => {};
  let holding = false;
  const held: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const key = String(req.headers["idempotency-key"] ?? "");
      const delivery: Delivery = {
        key,
        attempt: Number(req.headers["x-id5-delivery-attempt"]),
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      const earlier = deliveries.filter((d) => d.key === key).length;
      deliveries.push(delivery);
      const openOfKey = (openByKey.get(key) ?? 0) + 1;
      openByKey.set(key, openOfKey);
      if (openOfKey > 1) overlaps.push(key);
      open++;
      let timer: NodeJS.Timeout | undefined;
      res.once("close", () => {
        clearTimeout(timer);
        open--;
        openByKey.set(key, (openByKey.get(key) ?? 1) - 1);
        delivery.outcome ??= "cut-off";
        changed();
      });
      if (earlier < FAILED_ATTEMPTS) {
        delivery.outcome = { answered: 503 };
        res.writeHead(503, { "retry-after": "1" }).end("busy");
      } else {
        const accept = () => {
          timer = setTimeout(() => {
            if (res.writableEnded || res.destroyed) return;
            delivery.outcome = { answered: 200 };
            res.writeHead(200).end("ok");
          }, ACCEPT_DELAY_MS);
        };
        if (holding) held.push(accept);
        else accept();
      }
      changed();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    overlaps,
    /** Accepted attempts get no answer until release(). */
    hold() {
      holding = true;
    },
    /** Answers the held attempts (as accepted) and every later one. */
    release() {
      holding = false;
      for (const accept of held.splice(0)) accept();
    },
    /** Requests waiting for their answer right now. */
    get open() {
      return open;
    },
    /** Resolves once `condition` holds, looked at on every request and every answer. */
    until(condition: () => boolean, what: string, timeoutMs = WAIT_MS): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`waited in vain for ${what}`)), timeoutMs);
        changed = () => {
          if (condition()) {
            clearTimeout(timer);
            changed = () => {};
            resolve();
          }
        };
        changed();
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type CrmStandIn = Awaited<ReturnType<typeof startCrmStandIn>>;

let cluster: SiteInstances;
let work: string;
let postgres: PostgresServer | undefined;
let databaseUrl: string;
let crm: CrmStandIn;
let api: ContentApi;
const instances: SiteProcess[] = [];

async function startInstance(name: string): Promise<SiteProcess> {
  const instance = await cluster.start(name, { startTimeoutMs: WAIT_MS });
  instances.push(instance);
  return instance;
}

/** The contact form's stamp, as a visitor's browser receives it. */
async function stampFrom(site: SiteProcess): Promise<string> {
  const html = await (await fetch(`${site.url}/contact`)).text();
  return /name="_stamp" value="([^"]*)"/.exec(html)?.[1] ?? "";
}

function submit(site: SiteProcess, stamp: string, email: string, client: string) {
  return fetch(`${site.url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": client,
    },
    body: new URLSearchParams({
      _form: "contact",
      _stamp: stamp,
      name: "Two Instances",
      email,
      topic: "partnerships",
      message: "Sent to one of two instances.",
      consent: "yes",
    }).toString(),
  });
}

function pageHolds(site: SiteProcess, page: string, text: string): Promise<boolean> {
  return pollUntil(
    `${page} on ${site.url} to show "${text}"`,
    async () => (await (await fetch(`${site.url}${page}`)).text()).includes(text),
    { timeoutMs: WAIT_MS, intervalMs: 200 },
  );
}

async function withStore<T>(use: (store: SiteStore) => Promise<T>): Promise<T> {
  const store = await openStore({ databaseUrl, dataDir: work });
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  const [server, standIn] = await Promise.all([
    startPostgres({ durable: false }),
    startCrmStandIn(),
  ]);
  postgres = server;
  crm = standIn;
  databaseUrl = await server.createDatabase("site");
  cluster = await startSiteInstances("multi-instance", {
    withMediaFiles: true,
    variables: {
      SITE_ORIGIN: "https://id5.io",
      DATABASE_URL: databaseUrl,
      FORMS_WEBHOOK_URL: crm.url,
      FORMS_WEBHOOK_SECRET: SECRET,
      FORMS_MIN_SUBMIT_SECONDS: "0",
      FORMS_RATE_LIMIT: String(RATE_LIMIT),
      // A claim lasts two attempt limits: an instance killed holding one frees it in 6 s.
      FORMS_DELIVERY_TIMEOUT_SECONDS: "3",
      TRUST_PROXY: "1",
      LOG_LEVEL: "info",
    },
  });
  work = cluster.work;
  api = cluster.api;
  // instances[0] is a, instances[1] is b, whichever is up first.
  const [a, b] = await Promise.all([startInstance("a"), startInstance("b")]);
  instances.splice(0, instances.length, a, b);
}, 15 * 60_000);

afterAll(async () => {
  await cluster?.close();
  await crm?.close();
  await postgres?.stop();
});

// Deliveries wait on retries, a lease running out and a database restart: more room than 30 s.
describe("two instances on one PostgreSQL", { timeout: 120_000 }, () => {
  // A test that fails while the CRM holds its answers must not leave the next one unanswered.
  afterEach(() => crm?.release());

  it("sign with one key and count a client's submissions across both", async () => {
    const [a, b] = instances as [SiteProcess, SiteProcess];
    // A stamp issued by one instance is good on the other: the key is in the database.
    const stamp = await stampFrom(a);
    expect(stamp).not.toBe("");
    const client = "198.51.100.7";
    const statuses: number[] = [];
    for (const [index, site] of [a, b, a, b].entries()) {
      const response = await submit(site, stamp, `limited-${index}@example.com`, client);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([303, 303, 303, 429]);
    // Another client is not held back by the first one's count.
    const other = await submit(b, stamp, "other-client@example.com", "198.51.100.8");
    expect(other.status).toBe(303);
  });

  it("both serve an edit written to the content service", async () => {
    await api.retitle("news-article", ARTICLE.id, EDITED_LIVE);
    await Promise.all(
      instances.slice(0, 2).map((site) => pageHolds(site, ARTICLE.page, EDITED_LIVE)),
    );
  });

  it("a third instance started after an edit made while it was down serves the edit in its first answer once ready", async () => {
    // The third instance's build is the one made before any edit.
    await api.retitle("news-article", ARTICLE.id, EDITED_BEFORE_THIRD);
    const third = await cluster.start("c", { startTimeoutMs: WAIT_MS });
    try {
      await untilInstanceReady(third.url, WAIT_MS);
      const first = await fetch(`${third.url}${ARTICLE.page}`);
      expect(first.status).toBe(200);
      expect(await first.text()).toContain(EDITED_BEFORE_THIRD);
    } finally {
      // Two instances again for the deliveries below.
      await third.stop();
    }
    // It found the edit by asking the CMS at start (its log is complete once it stopped).
    const caughtUp = (
      await readLogLines<{ msg?: string; updated?: number }>(path.join(work, "c.log"))
    ).find((line) => line.msg === "content caught up");
    expect(caughtUp?.updated).toBeGreaterThanOrEqual(1);
  });

  it("deliver every acknowledged submission once at a time, through a SIGKILL mid-delivery", async () => {
    const [a, b] = instances as [SiteProcess, SiteProcess];
    const stamp = await stampFrom(b);
    crm.hold();
    const acknowledged = await Promise.all(
      Array.from({ length: SUBMISSIONS }, async (_, index) => {
        const email = `spread-${index}@example.com`;
        const response = await submit(index % 2 ? a : b, stamp, email, `203.0.113.${index + 1}`);
        await response.arrayBuffer();
        expect(response.status).toBe(303);
        return email;
      }),
    );
    // Each instance has four deliveries in flight at most: five open means both have some.
    await crm.until(() => crm.open >= 5, "deliveries in flight from both instances");
    await a.kill();
    await crm.until(
      () => crm.deliveries.some((delivery) => delivery.outcome === "cut-off"),
      "the killed instance's deliveries to be cut off",
    );
    const cutOff = new Set(crm.deliveries.filter((d) => d.outcome === "cut-off").map((d) => d.key));
    crm.release();

    const stored = await withStore((store) => store.submissions.list({ limit: 1000 }));
    const ids = stored.map((row) => row.id);
    // Every acknowledged submission is stored once (with the rate-limit ones before).
    const storedEmails = stored.map((row) => row.fields?.email);
    expect(acknowledged.filter((email) => !storedEmails.includes(email))).toEqual([]);
    const accepted = () =>
      new Set(
        crm.deliveries
          .filter((d) => typeof d.outcome === "object" && d.outcome.answered === 200)
          .map((d) => d.key),
      );
    await crm.until(
      () => ids.every((id) => accepted().has(id)),
      `every stored submission delivered (${ids.length})`,
    );

    // Never two deliveries of one submission open at the same moment.
    expect(crm.overlaps).toEqual([]);
    for (const delivery of crm.deliveries) {
      expect(deliveryVerifies(delivery, SECRET)).toBe(true);
      expect(delivery.key).toBe(JSON.parse(delivery.body.toString("utf8")).id);
    }
    // What the killed instance had in flight was delivered by the other one, same key. The
    // cut-off attempt never got its outcome recorded, so the next one carries its number.
    for (const key of cutOff) {
      const attempts = crm.deliveries.filter((d) => d.key === key).map((d) => d.attempt);
      expect(attempts).toEqual([...attempts].sort((x, y) => x - y));
      expect(attempts.slice(0, FAILED_ATTEMPTS + 1)).toEqual([1, 2, 3]);
      expect(accepted().has(key)).toBe(true);
    }
    // Once the outcomes are recorded, the database says delivered for every one.
    let statuses: string[] = [];
    await pollUntil(
      () => `every submission recorded delivered (${statuses.join(", ")})`,
      async () => {
        const rows = await withStore((store) => store.submissions.list({ limit: 1000 }));
        statuses = rows.map((row) => row.status);
        return statuses.every((status) => status === "delivered");
      },
      { timeoutMs: WAIT_MS, intervalMs: 200 },
    );
  });

  it("with the database down: 503 and the form back as filled, pages served, the outbox resumes", async () => {
    const b = instances[1] as SiteProcess;
    const stamp = await stampFrom(b);
    await postgres?.halt();
    const refused = await submit(b, stamp, "while-down@example.com", "192.0.2.10");
    const html = await refused.text();
    expect(refused.status).toBe(503);
    expect(html).toContain("Forms cannot be sent just now. Please try again in a few minutes.");
    expect(html).toContain('value="while-down@example.com"');
    expect(html).toContain("Sent to one of two instances.");
    expect((await fetch(`${b.url}/about`)).status).toBe(200);
    const log = await readFile(path.join(work, "b.log"), "utf8");
    const line = log.split("\n").find((l) => l.includes("Form submission could not be stored"));
    expect(line, log.split("\n").slice(-15).join("\n")).toBeDefined();
    expect(log).not.toContain("while-down@example.com");

    await postgres?.start();
    const deliveredBefore = crm.deliveries.length;
    const again = await submit(b, stamp, "after-down@example.com", "192.0.2.10");
    expect(again.status).toBe(303);
    await crm.until(
      () =>
        crm.deliveries
          .slice(deliveredBefore)
          .some(
            (d) =>
              typeof d.outcome === "object" &&
              d.outcome.answered === 200 &&
              JSON.parse(d.body.toString("utf8")).fields.email === "after-down@example.com",
          ),
      "the submission stored after the outage to be delivered",
    );
  });
});
