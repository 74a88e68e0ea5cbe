import { describe, expect, it } from "vitest";
import type { FormDefinition, FormField } from "./model";
import { checkSubmission, MESSAGES, shapeProblem } from "./validate";

const field = (
  name: string,
  type: FormField["type"],
  extra: Partial<FormField> = {},
): FormField => ({
  name,
  label: name[0]?.toUpperCase() + name.slice(1),
  type,
  required: false,
  options: [],
  maxLength: 500,
  ...extra,
});

const form: FormDefinition = {
  id: "contact",
  entryId: "e1",
  version: "1",
  fields: [
    field("name", "text", { required: true, maxLength: 10 }),
    field("email", "email", { required: true }),
    field("website", "url"),
    field("phone", "tel"),
    field("topic", "select", {
      required: true,
      options: [
        { value: "press", label: "Press" },
        { value: "support", label: "Support" },
      ],
    }),
    field("newsletter", "checkbox"),
    field("partner", "hidden", { value: "adobe" }),
  ],
  consent: { nodes: ["I agree"], text: "I agree", version: "2026-11" },
  submitLabel: "Send",
  outcome: { kind: "redirect", path: "/thanks" },
  destination: "crm:contact",
};

const sent = (values: Record<string, string | string[]>) =>
  new Map(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));

describe("checkSubmission", () => {
  it("accepts a complete submission and keeps the hidden field's fixed value", () => {
    const result = checkSubmission(
      form,
      sent({
        name: " Ada ",
        email: "ada@example.com",
        website: "https://example.com",
        phone: "+44 20 7946 0000",
        topic: "press",
        newsletter: "yes",
        partner: "forged",
        consent: "yes",
      }),
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ name: "Ada", partner: "adobe", topic: "press" });
  });

  it("gives one message per field, consent included", () => {
    const result = checkSubmission(
      form,
      sent({
        name: "far too long a name",
        email: "ada@",
        website: "example",
        phone: "call me",
        topic: "sales",
        newsletter: "on",
      }),
    );
    const byName: Record<string, FormField> = Object.fromEntries(
      form.fields.map((f) => [f.name, f]),
    );
    expect(result.errors).toEqual({
      name: MESSAGES.tooLong(byName.name as FormField),
      email: MESSAGES.email(),
      website: MESSAGES.url(),
      phone: MESSAGES.tel(),
      topic: MESSAGES.option(),
      newsletter: MESSAGES.option(),
      consent: MESSAGES.consent(),
    });
  });

  it("drops control characters (a NUL is never part of an answer)", () => {
    const result = checkSubmission(form, sent({ name: "A\u0000da\u0007", message: "x" }));
    expect(result.values.name).toBe("Ada");
  });

  it("names the missing required fields", () => {
    const result = checkSubmission(form, sent({}));
    expect(Object.keys(result.errors).sort()).toEqual(["consent", "email", "name", "topic"]);
    expect(result.errors.topic).toBe("Choose your topic.");
    expect(result.errors.name).toBe("Enter your name.");
  });
});

describe("shapeProblem", () => {
  it("refuses unknown and repeated names, allows the site's own", () => {
    expect(
      shapeProblem(
        form,
        sent({ name: "a", _form: "contact", _stamp: "x", _js: "1", fax_number: "" }),
      ),
    ).toBeUndefined();
    expect(shapeProblem(form, sent({ name: "a", admin: "1" }))).toMatch(/unexpected field "admin"/);
    expect(shapeProblem(form, sent({ email: ["a@b.co", "c@d.co"] }))).toMatch(/more than once/);
  });
});
