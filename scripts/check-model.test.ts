import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Template } from "@thebcms/types";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_DIR } from "../server/running/build-stamp";
import { checkModel } from "./check-model";

let dir = "";
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("content:check's content model check", () => {
  it("finds nothing in the seed", async () => {
    expect(await checkModel(path.join(PROJECT_DIR, "content"))).toEqual({
      problems: [],
      warnings: [],
    });
  });

  it("refuses a prop the site reads that a template lacks; warns of a template missing", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "check-model-"));
    for (const kind of ["templates", "groups", "widgets", "statuses"]) {
      await cp(path.join(PROJECT_DIR, "content", kind), path.join(dir, kind), { recursive: true });
    }
    for (const file of await readdir(path.join(dir, "templates"))) {
      const where = path.join(dir, "templates", file);
      const template = JSON.parse(await readFile(where, "utf8")) as Template;
      if (template.name === "consent-banner") await rm(where);
      if (template.name !== "job") continue;
      template.props = template.props.filter((prop) => prop.name !== "apply_url");
      await writeFile(where, JSON.stringify(template));
    }
    const { problems, warnings } = await checkModel(dir);
    expect(problems).toEqual(["content model: template job prop apply_url is missing"]);
    expect(warnings).toEqual(["content model: template consent-banner is missing"]);
  });
});
