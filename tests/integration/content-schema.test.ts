// `content:schema` against the local content service run as its own process over a
// temporary snapshot: an instance with no model is brought to the whole of it, one missing
// prop is added alone, a prop of another type is refused, a second run has nothing to do, a
// CMS failing partway is reported and a rerun finishes.
import { execFile } from "node:child_process";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { Template } from "@thebcms/types";
import { afterEach, describe, expect, it } from "vitest";
import { LOCAL_CONTENT_IDENTITY } from "../../app/config/env.server";
import { CONTENT_MODEL } from "../../app/content/model";
import { silentLogger, toConsoleStyle } from "../../app/logging/logger.server";
import { type BcmsClient, createBcmsClient } from "../../bcms";
import { checkSnapshot } from "../../content-server/snapshot-check";
import { readInstanceModel } from "../../scripts/content-schema/apply";
import { planSchema } from "../../scripts/content-schema/plan";
import { runContentSchema } from "../../scripts/content-schema/run";
import { PROJECT_DIR } from "../../server/running/build-stamp";
import {
  type ContentServerProcess,
  LOCAL_CMS_VARIABLES,
  spawnContentServer,
} from "../support/content-server-process";
import { startGatedProxy } from "../support/gated-proxy";
import { copySnapshot, removeSnapshot } from "../support/snapshot-copy";

const SCHEMA_KINDS = ["templates", "groups", "widgets", "statuses"] as const;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A content service process over a copy of the seed; `empty` leaves out the model and entries. */
async function startInstance(
  name: string,
  options: { empty?: boolean; withMediaFiles?: boolean } = {},
): Promise<{ dir: string; content: ContentServerProcess }> {
  const dir = await copySnapshot(name, { withMediaFiles: options.withMediaFiles });
  cleanups.push(() => removeSnapshot(dir));
  if (options.empty) {
    for (const kind of [...SCHEMA_KINDS, "entries"]) {
      for (const file of await readdir(path.join(dir, kind))) await rm(path.join(dir, kind, file));
    }
  }
  const content = await spawnContentServer(dir, `${dir}-cache`, 0, LOCAL_CMS_VARIABLES);
  cleanups.push(async () => {
    content.child.kill("SIGKILL");
    await content.exited;
  });
  return { dir, content };
}

function clientOf(origin: string): BcmsClient {
  const client = createBcmsClient({
    cmsOrigin: origin,
    orgId: LOCAL_CONTENT_IDENTITY.orgId,
    instanceId: LOCAL_CONTENT_IDENTITY.instanceId,
    apiKey: { id: LOCAL_CONTENT_IDENTITY.apiKeyId, secret: LOCAL_CONTENT_IDENTITY.apiKeySecret },
    logger: toConsoleStyle(silentLogger),
  });
  cleanups.push(async () => client.close());
  return client;
}

async function run(client: BcmsClient, apply: boolean) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runContentSchema({
    client,
    model: CONTENT_MODEL,
    apply,
    print: (line) => out.push(line),
    warn: (line) => err.push(line),
  });
  return { code, out, err };
}

/** Every schema file of the snapshot folder, by kind and id: what a run wrote, or did not. */
async function schemaFiles(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const kind of SCHEMA_KINDS) {
    for (const file of await readdir(path.join(dir, kind))) {
      files[`${kind}/${file}`] = await readFile(path.join(dir, kind, file), "utf8");
    }
  }
  return files;
}

async function templateNamed(client: BcmsClient, name: string): Promise<Template> {
  const found = (await client.template.getAll({ skipCache: true })).find((t) => t.name === name);
  if (!found) throw new Error(`no template ${name}`);
  return found;
}

describe("content:schema", () => {
  it("brings an instance with no templates to the whole model, and a second run has nothing to do", async () => {
    const { dir, content } = await startInstance("schema-empty", { empty: true });
    const client = clientOf(content.url);

    const dry = await run(client, false);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain("  create template page");
    expect(await schemaFiles(dir)).toEqual({});

    const first = await run(client, true);
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    expect(first.out.at(-1)).toMatch(/^done: \d+ change\(s\) applied$/);
    // Nothing missing, differing or extra: the instance has exactly the model.
    expect(planSchema(CONTENT_MODEL, await readInstanceModel(client)).findings).toEqual([]);

    const before = await schemaFiles(dir);
    const second = await run(client, true);
    expect(second.code).toBe(0);
    expect(second.out).toEqual([
      "nothing to do: the CMS has every template, group, widget, prop and status the site expects",
    ]);
    expect(await schemaFiles(dir)).toEqual(before);
  });

  it("gives an instance missing one prop exactly that prop", async () => {
    const { dir, content } = await startInstance("schema-one-prop");
    const client = clientOf(content.url);
    const job = await templateNamed(client, "job");
    const applyUrl = job.props.find((prop) => prop.name === "apply_url");
    await client.template.update(job._id, { propChanges: [{ remove: applyUrl?.id ?? "" }] });
    const before = await schemaFiles(dir);

    // The command itself, as an operator runs it, on the configured CMS.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/content-schema.ts"],
      {
        cwd: PROJECT_DIR,
        env: {
          ...process.env,
          ...LOCAL_CMS_VARIABLES,
          BCMS_ORIGIN: content.url,
          METRICS_PORT: "0",
        },
      },
    );
    expect(stdout).toContain(
      "  template job prop apply_url: STRING, required: will be added\n1 change(s) to make:\n  add to template job: apply_url (STRING, required)\ndry run: nothing written",
    );
    expect(await schemaFiles(dir)).toEqual(before);

    const applied = await run(client, true);
    expect(applied.out).toContain("applied: add to template job: apply_url (STRING, required)");
    expect(applied.code).toBe(0);
    const after = await schemaFiles(dir);
    const changed = Object.keys(after).filter((file) => after[file] !== before[file]);
    expect(changed).toEqual([`templates/${job._id}.json`]);
    const added = (await templateNamed(client, "job")).props.filter(
      (prop) => !job.props.some((old) => old.id === prop.id),
    );
    expect(
      added.map(({ name, type, required, array }) => ({ name, type, required, array })),
    ).toEqual([{ name: "apply_url", type: "STRING", required: true, array: false }]);
    expect(planSchema(CONTENT_MODEL, await readInstanceModel(client)).findings).toEqual([]);
  });

  it("gives a group its missing prop, keeping every stored value of the group whole", async () => {
    const { dir, content } = await startInstance("schema-group-prop");
    const client = clientOf(content.url);
    const seo = (await client.group.getAll()).find((group) => group.name === "seo");
    const noIndex = seo?.props.find((prop) => prop.name === "no_index");
    await client.group.update({
      _id: seo?._id ?? "",
      propChanges: [{ remove: noIndex?.id ?? "" }],
    });
    // The group's values in entries lost that prop's value with it (the copy has no media
    // binaries: only the entries' problems count here).
    const entryProblems = async () =>
      (await checkSnapshot(dir)).problems
        .filter((problem) => problem.subject === "entry")
        .map((problem) => problem.text);
    expect(await entryProblems()).toEqual([]);

    const applied = await run(client, true);
    expect(applied.out).toContain("applied: add to group seo: no_index (BOOLEAN)");
    expect(applied.code).toBe(0);
    const after = await client.group.getAll({ skipCache: true });
    expect(after.find((group) => group.name === "seo")?.props.map((prop) => prop.name)).toEqual([
      "title",
      "description",
      "image",
      "no_index",
    ]);
    // Every entry's seo value has one value per prop again, the new one empty.
    expect(await entryProblems()).toEqual([]);
    expect(planSchema(CONTENT_MODEL, await readInstanceModel(client)).findings).toEqual([]);
  });

  it("refuses a prop of another type, writes nothing for it, and adds the rest", async () => {
    const { content } = await startInstance("schema-conflict");
    const client = clientOf(content.url);
    const job = await templateNamed(client, "job");
    const propId = (name: string) => job.props.find((prop) => prop.name === name)?.id ?? "";
    await client.template.update(job._id, {
      propChanges: [
        { remove: propId("location") },
        { remove: propId("department") },
        {
          add: {
            label: "Location",
            type: "NUMBER",
            required: false,
            array: false,
            data: { propNumber: [] },
          },
        },
      ],
    });
    const location = (await templateNamed(client, "job")).props.find((p) => p.name === "location");

    const result = await run(client, true);
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      "  template job prop location: is NUMBER in the CMS, the site expects STRING: a type is never changed (rename or remove the prop in the CMS, then run again)",
    );
    expect(result.out).toContain("applied: add to template job: department (STRING, required)");
    const after = await templateNamed(client, "job");
    expect(after.props.find((p) => p.name === "location")).toEqual(location);
    expect(after.props.filter((p) => p.name === "location")).toHaveLength(1);

    const again = await run(client, true);
    expect(again.code).toBe(1);
    expect(again.out.at(-1)).toBe(
      "nothing to do: the CMS has every template, group, widget, prop and status the site expects; 1 conflict(s) left for a person to resolve in the CMS",
    );
  });

  it("reports a CMS that fails partway with what was applied, and a rerun finishes", async () => {
    const { content } = await startInstance("schema-failing", { empty: true });
    const proxy = await startGatedProxy(content.url);
    cleanups.push(() => proxy.close());
    proxy.failWrite(5);
    const client = clientOf(proxy.url);

    const failed = await run(client, true);
    expect(failed.code).toBe(1);
    expect(failed.out.filter((line) => line.startsWith("applied: "))).toEqual([
      "applied: create status Published",
      "applied: create status Draft",
      "applied: create group seo",
      "applied: create group hero",
    ]);
    expect(failed.err[0]).toMatch(/^failed: create group tab: .*500.*Unknown exception/);
    expect(failed.err[1]).toBe(
      "applied before the failure: create status Published; create status Draft; create group seo; create group hero",
    );
    expect(failed.err).toContain("not tried: create group stat");
    expect(failed.err.at(-1)).toMatch(/^run the command again/);

    const rerun = await run(client, true);
    expect(rerun.err).toEqual([]);
    expect(rerun.code).toBe(0);
    expect(rerun.out).not.toContain("applied: create group seo");
    expect(rerun.out).toContain("applied: create group tab");
    expect(planSchema(CONTENT_MODEL, await readInstanceModel(client)).findings).toEqual([]);
  });
});
