// The content model declaration (app/content/model/) and the seed snapshot (content/) agree:
// the seed has exactly the declared model, nothing missing, differing or extra, and every
// declared name is the one BCMS makes of its label, so `content:schema` creates those names.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_MODEL } from "../../app/content/model";
import { toSlug, toSlugUnderscore } from "../../content-server/schema-writes";
import { PROJECT_DIR } from "../../server/running/build-stamp";
import { snapshotModel } from "../check-model";
import { planSchema } from "./plan";

describe("the content model declaration", () => {
  it("is exactly what the seed snapshot has", async () => {
    const seed = await snapshotModel(path.join(PROJECT_DIR, "content"));
    expect(planSchema(CONTENT_MODEL, seed).findings).toEqual([]);
  });

  it("names everything as BCMS names it from its label", () => {
    const owners = [...CONTENT_MODEL.groups, ...CONTENT_MODEL.widgets, ...CONTENT_MODEL.templates];
    for (const owner of owners) {
      expect(toSlug(owner.label), owner.name).toBe(owner.name);
      for (const prop of owner.props) {
        expect(toSlugUnderscore(prop.label), `${owner.name}.${prop.name}`).toBe(prop.name);
      }
    }
  });

  it("starts every template with title and slug, as BCMS creates them", () => {
    for (const template of CONTENT_MODEL.templates) {
      expect(template.props.slice(0, 2), template.name).toEqual([
        { name: "title", label: "Title", type: "STRING", required: true },
        { name: "slug", label: "Slug", type: "STRING", required: true },
      ]);
    }
  });
});
