import { describe, expect, it } from "vitest";
import type { LocalEntry } from "./entries.server";
import { readFormEntry } from "./forms.server";
import { pointedEntryId as pointedFormId } from "./read.server";

const ctx = { resolveInternalHref: () => undefined };

function entry(meta: Record<string, unknown>): LocalEntry {
  return {
    id: "f".repeat(24),
    templateName: "form",
    content: [],
    updatedAt: 1_700_000_000_000,
    meta: {
      title: "Contact",
      slug: "contact",
      fields: [
        { name: "email", label: "Email", type: "email", required: true, options: [] },
        {
          name: "topic",
          label: "Topic",
          type: "select",
          required: true,
          options: [{ value: "press", label: "Press" }],
        },
        { name: "partner", label: "Partner", type: "hidden", value: "adobe", options: [] },
      ],
      consent_label: { nodes: [{ type: "paragraph", value: "<p>I agree to the terms.</p>" }] },
      consent_version: "2026-11",
      submit_label: "Send",
      outcome: "redirect",
      redirect_path: "/universal-id/thanks",
      destination: "crm:contact",
      ...meta,
    },
  };
}

describe("readFormEntry", () => {
  it("reads a usable definition: fields, consent wording and version, outcome", () => {
    const reading = readFormEntry(entry({}), ctx);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.definition).toMatchObject({
      id: "contact",
      version: "1700000000000",
      submitLabel: "Send",
      outcome: { kind: "redirect", path: "/universal-id/thanks" },
      destination: "crm:contact",
      consent: { text: "I agree to the terms.", version: "2026-11" },
    });
    expect(reading.definition.fields.map((f) => [f.name, f.type, f.maxLength])).toEqual([
      ["email", "email", 500],
      ["topic", "select", 500],
      ["partner", "hidden", 500],
    ]);
  });

  it("lists every problem of a definition the site cannot use", () => {
    const reading = readFormEntry(
      entry({
        fields: [
          { name: "fax_number", label: "Fax", type: "text" },
          { name: "Bad Name", label: "x", type: "text" },
          { name: "choice", label: "Choice", type: "radio", options: [] },
          { name: "choice", label: "Again", type: "text" },
        ],
        submit_label: "",
        outcome: "redirect",
        redirect_path: "https://elsewhere.example/",
        consent_version: "",
      }),
      ctx,
    );
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.problems).toEqual([
      'field 1: the name "fax_number" is reserved by the site',
      'field 2: name must be lower-case letters, digits or _ (got "Bad Name")',
      "field 3 (choice): a radio needs at least one option",
      'field 4: the name "choice" is used twice',
      "submit_label is required",
      "outcome redirect: redirect_path must be a site path such as /thanks",
      "consent_version is required with consent wording",
    ]);
  });
});

describe("pointedFormId", () => {
  it("reads parsed and raw entry pointers", () => {
    expect(pointedFormId({ _id: "a1", meta: {} })).toBe("a1");
    expect(pointedFormId([{ tid: "t", eid: "b2" }])).toBe("b2");
    expect(pointedFormId(null)).toBeUndefined();
  });
});
