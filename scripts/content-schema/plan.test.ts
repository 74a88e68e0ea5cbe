import type { Group, Prop, Template } from "@thebcms/types";
import { describe, expect, it } from "vitest";
import type { ContentModel } from "../../app/content/model";
import { describeChange, type InstanceModel, planSchema } from "./plan";

const stored = { createdAt: 0, updatedAt: 0, instanceId: "i", userId: "u" };

function prop(name: string, type: Prop["type"], data: Prop["data"] = {}, required = false): Prop {
  return { id: `id-${name}`, name, label: name, type, required, array: false, data };
}

const TITLE_SLUG = [prop("title", "STRING", {}, true), prop("slug", "STRING", {}, true)];

const MODEL: ContentModel = {
  statuses: [{ label: "Published" }],
  groups: [
    {
      name: "seo",
      label: "SEO",
      desc: "",
      props: [{ name: "title", label: "Title", type: "STRING" }],
    },
  ],
  widgets: [],
  templates: [
    {
      name: "page",
      label: "Page",
      desc: "",
      props: [
        { name: "title", label: "Title", type: "STRING", required: true },
        { name: "slug", label: "Slug", type: "STRING", required: true },
        { name: "seo", label: "SEO", type: "GROUP_POINTER", group: "seo" },
        { name: "form", label: "Form", type: "ENTRY_POINTER", template: "form" },
        { name: "kind", label: "Kind", type: "ENUMERATION", items: ["a", "b"] },
      ],
    },
    {
      name: "form",
      label: "Form",
      desc: "",
      props: [
        { name: "title", label: "Title", type: "STRING", required: true },
        { name: "slug", label: "Slug", type: "STRING", required: true },
      ],
    },
  ],
};

const EMPTY: InstanceModel = { statuses: [], groups: [], widgets: [], templates: [] };

function template(id: string, name: string, props: Prop[]): Template {
  return { ...stored, _id: id, name, label: name, desc: "", singleEntry: false, props };
}

function group(id: string, name: string, props: Prop[]): Group {
  return { ...stored, _id: id, name, label: name, desc: "", props };
}

describe("planSchema", () => {
  it("creates statuses, then every owner, then the props, so pointers name what exists", () => {
    const plan = planSchema(MODEL, EMPTY);
    expect(plan.changes.map(describeChange)).toEqual([
      "create status Published",
      "create group seo",
      "create template page",
      "create template form",
      "add to group seo: title (STRING)",
      "add to template page: seo (GROUP_POINTER → group seo), form (ENTRY_POINTER → template form), kind (ENUMERATION [a, b])",
    ]);
    // BCMS creates title and slug with the template.
    expect(plan.findings.filter((f) => f.subject.endsWith("prop title"))).toHaveLength(1);
    expect(plan.findings.every((finding) => finding.kind === "missing")).toBe(true);
  });

  it("has nothing to do when the instance has the model, and leaves extras alone", () => {
    const instance: InstanceModel = {
      statuses: [
        { ...stored, _id: "s1", label: "published" },
        { ...stored, _id: "s2", label: "Review" },
      ],
      groups: [group("g1", "seo", [prop("title", "STRING")])],
      widgets: [],
      templates: [
        template("t1", "page", [
          ...TITLE_SLUG,
          prop("seo", "GROUP_POINTER", { propGroupPointer: { _id: "g1" } }),
          prop("form", "ENTRY_POINTER", {
            propEntryPointer: [{ templateId: "t2", entryIds: [], displayProp: "title" }],
          }),
          prop("kind", "ENUMERATION", { propEnum: { items: ["a", "b", "c"] } }),
          prop("legacy", "NUMBER"),
        ]),
        template("t2", "form", TITLE_SLUG),
        template("t3", "old", TITLE_SLUG),
      ],
    };
    const plan = planSchema(MODEL, instance);
    expect(plan.changes).toEqual([]);
    expect(plan.findings).toEqual([
      { kind: "extra", subject: "status Review", detail: "left as it is" },
      {
        kind: "extra",
        subject: "template page prop legacy",
        prop: "legacy",
        detail: "NUMBER: left as it is",
      },
      { kind: "extra", subject: "template old", detail: "left as it is" },
    ]);
  });

  it("reports a prop of another type or group as a conflict and adds nothing for it", () => {
    const instance: InstanceModel = {
      ...EMPTY,
      statuses: [{ ...stored, _id: "s1", label: "Published" }],
      groups: [group("g1", "seo", [prop("title", "STRING")]), group("g2", "hero", [])],
      templates: [
        template("t1", "page", [
          ...TITLE_SLUG,
          prop("seo", "GROUP_POINTER", { propGroupPointer: { _id: "g2" } }),
          prop("form", "STRING"),
        ]),
        template("t2", "form", TITLE_SLUG),
      ],
    };
    const plan = planSchema(MODEL, instance);
    expect(plan.findings.filter((f) => f.kind === "conflict")).toEqual([
      {
        kind: "conflict",
        subject: "template page prop seo",
        prop: "seo",
        detail: "points at group hero in the CMS, the site expects group seo",
      },
      {
        kind: "conflict",
        subject: "template page prop form",
        prop: "form",
        detail:
          "is STRING in the CMS, the site expects ENTRY_POINTER: a type is never changed (rename or remove the prop in the CMS, then run again)",
      },
    ]);
    expect(plan.changes.map(describeChange)).toEqual([
      "add to template page: kind (ENUMERATION [a, b])",
    ]);
  });

  it("reports settings that differ without changing them", () => {
    const instance: InstanceModel = {
      ...EMPTY,
      statuses: [{ ...stored, _id: "s1", label: "Published" }],
      groups: [group("g1", "seo", [prop("title", "STRING", {}, true)])],
      templates: [
        template("t1", "page", [
          ...TITLE_SLUG,
          prop("seo", "GROUP_POINTER", { propGroupPointer: { _id: "g1" } }),
          prop("form", "ENTRY_POINTER", {
            propEntryPointer: [{ templateId: "t1", entryIds: [], displayProp: "title" }],
          }),
          prop("kind", "ENUMERATION", { propEnum: { items: ["a"] } }),
        ]),
        template("t2", "form", TITLE_SLUG),
      ],
    };
    const plan = planSchema(MODEL, instance);
    expect(plan.changes).toEqual([]);
    expect(plan.findings).toEqual([
      {
        kind: "differs",
        subject: "group seo prop title",
        prop: "title",
        detail: "required is true in the CMS, the site expects false",
      },
      {
        kind: "differs",
        subject: "template page prop form",
        prop: "form",
        detail: "may not point at template form in the CMS",
      },
      {
        kind: "differs",
        subject: "template page prop kind",
        prop: "kind",
        detail: "lacks the items b",
      },
    ]);
  });

  it("refuses a pointer to a template that neither exists nor is declared", () => {
    const model: ContentModel = {
      ...MODEL,
      templates: [
        {
          name: "page",
          label: "Page",
          desc: "",
          props: [{ name: "author", label: "Author", type: "ENTRY_POINTER", template: "person" }],
        },
      ],
    };
    const plan = planSchema(model, EMPTY);
    expect(plan.findings).toContainEqual({
      kind: "conflict",
      subject: "template page prop author",
      detail: "points at template person, which neither exists nor is being created: not added",
    });
    expect(plan.changes.map(describeChange).filter((line) => line.includes("author"))).toEqual([]);
  });
});
