// A form open during a rotation of the signing key is still a lead. The real site (`npm
// start`'s command, in an instance project holding a copy of the shared build) on the
// default store (SQLite in a temporary DATA_DIR) hands out the contact form; the site is
// stopped, the operator's command `npm run forms -- rotate-key` runs on the same DATA_DIR,
// and the site is started again. The form stamped before the rotation is then posted:
// it is stored as a real submission, not as spam, while a forged stamp still is spam and
// the page now hands out stamps of the new key.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteProcess } from "../../scripts/site-process";
import { openStore } from "../../server/store/open-store";
import { SIGNING_KEY_FILE } from "../../server/store/signing-key-file";
import type { SubmissionRow } from "../../server/store/store";
import { CONTENT_SERVER_START_MS } from "../support/content-server-process";
import { runForms } from "../support/forms-command";
import { REAL_SITE_START_MS } from "../support/site-build";
import { type InstanceProject, untilInstanceReady } from "../support/site-instance";
import { type SiteInstances, startSiteInstances } from "../support/site-instances";

const READY_TIMEOUT_MS = 120_000;
/** The shared build, should this file be the one to make it, then a start and its readiness. */
const START_TIMEOUT_MS = REAL_SITE_START_MS + CONTENT_SERVER_START_MS + READY_TIMEOUT_MS;
/** A graceful stop (SIGKILL after 15 s), then a start and its readiness, on a busy machine. */
const RESTART_TIMEOUT_MS = 3 * READY_TIMEOUT_MS;

let instances: SiteInstances;
let project: InstanceProject;
let site: SiteProcess | undefined;
let dataDir: string;

async function startSite(): Promise<SiteProcess> {
  site = await instances.start("site", {
    project,
    env: { FORMS_MIN_SUBMIT_SECONDS: "0" },
    startTimeoutMs: READY_TIMEOUT_MS,
  });
  await untilInstanceReady(site.url, READY_TIMEOUT_MS);
  return site;
}

/** The contact form's stamp, as a visitor's browser receives it. */
async function stampFrom(url: string): Promise<string> {
  const html = await (await fetch(`${url}/contact`)).text();
  return /name="_stamp" value="([^"]*)"/.exec(html)?.[1] ?? "";
}

function submit(url: string, stamp: string, email: string) {
  return fetch(`${url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      _form: "contact",
      _stamp: stamp,
      name: "Open During A Rotation",
      email,
      topic: "partnerships",
      message: "The form was shown before the key was rotated.",
      consent: "yes",
    }).toString(),
  });
}

/** `npm run forms -- rotate-key` on the site's DATA_DIR only (forms-cli.test.ts runs it as a process). */
const rotateKey = () =>
  runForms(["rotate-key"], { PATH: process.env.PATH ?? "", DATA_DIR: dataDir });

async function storedFrom(email: string): Promise<SubmissionRow | undefined> {
  const store = await openStore({ dataDir });
  try {
    const rows = await store.submissions.list({});
    return rows.find((row) => row.fields?.email === email);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  instances = await startSiteInstances("key-rotation-content");
  project = await instances.project();
  dataDir = instances.dataDir("site");
  await startSite();
}, START_TIMEOUT_MS);

afterAll(() => instances?.close());

describe("rotating the generated signing key", () => {
  it(
    "takes a form stamped before the rotation as a real submission after it",
    async () => {
      const url = site?.url ?? "";
      const stampedBefore = await stampFrom(url);
      expect(stampedBefore).toMatch(/^[0-9a-z]+\./);
      const keyBefore = await readFile(path.join(dataDir, SIGNING_KEY_FILE), "utf8");
      await site?.stop();

      const rotation = await rotateKey();
      expect(rotation.stderr).toBe("");
      expect(rotation.code).toBe(0);
      expect(rotation.stdout).toContain("is replaced by a new one");
      expect(await readFile(path.join(dataDir, SIGNING_KEY_FILE), "utf8")).not.toBe(keyBefore);

      const restarted = await startSite();
      const stampedAfter = await stampFrom(restarted.url);
      // The new key signs: the same moment's stamp would differ, so compare signatures.
      expect(stampedAfter.split(".")[1]).not.toBe(stampedBefore.split(".")[1]);

      const accepted = await submit(restarted.url, stampedBefore, "before-rotation@example.com");
      expect(accepted.status).toBeLessThan(400);
      const [issued, signature = ""] = stampedBefore.split(".");
      const forged = `${issued}.${signature.slice(1)}${signature[0] === "A" ? "B" : "A"}`;
      const refused = await submit(restarted.url, forged, "forged-stamp@example.com");
      // A forged stamp is answered as a success too (a bot learns nothing), and kept as spam.
      expect(refused.status).toBeLessThan(400);

      const lead = await storedFrom("before-rotation@example.com");
      expect(lead).toMatchObject({ spam: null, status: "pending" });
      const spam = await storedFrom("forged-stamp@example.com");
      expect(spam).toMatchObject({ spam: "bad-stamp", status: "spam" });
    },
    RESTART_TIMEOUT_MS,
  );
});
