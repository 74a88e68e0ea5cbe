import type { Group, Media, Prop, Template, Widget } from "@thebcms/types";
import { describe, expect, it } from "vitest";
import { testProp } from "../tests/support/bcms-props";
import {
  formatRawProblem,
  RAW_VALIDATION_MESSAGES,
  type RawValidationContext,
  validateContentNodes,
  validatePropValues,
} from "./raw-validation";

const GROUP_ID = "65aa00000000000000000021";
const WIDGET_ID = "65aa00000000000000000031";
const TEMPLATE_ID = "65aa00000000000000000041";
const OTHER_TEMPLATE_ID = "65aa00000000000000000042";
const MEDIA_ID = "65aa00000000000000000052";
const DIR_ID = "65aa00000000000000000051";
const ENTRY_ID = "65aa00000000000000000061";
const OTHER_ENTRY_ID = "65aa00000000000000000071";

/** This file's props are named by their id. */
function prop(id: string, type: Prop["type"], options: Partial<Prop> = {}): Prop {
  return testProp(id, type, { id, ...options });
}

const group = {
  _id: GROUP_ID,
  name: "author",
  props: [prop("name", "STRING", { required: true })],
} as Group;
const widget = {
  _id: WIDGET_ID,
  name: "cta",
  props: [prop("href", "STRING", { required: true })],
} as Widget;

const context: RawValidationContext = {
  findGroup: (id) => (id === GROUP_ID ? group : undefined),
  findWidget: (id) => (id === WIDGET_ID ? widget : undefined),
  findTemplate: (id) => ({ _id: id }) as Template,
  findMedia: (id) =>
    id === MEDIA_ID
      ? ({ _id: id, type: "IMG" } as Media)
      : id === DIR_ID
        ? ({ _id: id, type: "DIR" } as Media)
        : undefined,
  findEntry: (id) =>
    id === ENTRY_ID
      ? { _id: id, templateId: TEMPLATE_ID }
      : id === OTHER_ENTRY_ID
        ? { _id: id, templateId: OTHER_TEMPLATE_ID }
        : undefined,
};

const schema: Prop[] = [
  prop("title", "STRING", { required: true }),
  prop("count", "NUMBER"),
  prop("flag", "BOOLEAN"),
  prop("when", "DATE"),
  prop("kind", "ENUMERATION", { required: true, data: { propEnum: { items: ["a", "b"] } } }),
  prop("cover", "MEDIA"),
  prop("authors", "GROUP_POINTER", { array: true, data: { propGroupPointer: { _id: GROUP_ID } } }),
  prop("related", "ENTRY_POINTER", {
    array: true,
    data: { propEntryPointer: [{ templateId: TEMPLATE_ID, entryIds: [], displayProp: "title" }] },
  }),
  prop("body", "RICH_TEXT"),
  prop("cta", "WIDGET", { data: { propWidget: { _id: WIDGET_ID } } }),
];

function values(overrides: Record<string, unknown> = {}) {
  const data: Record<string, unknown> = {
    title: ["Hello"],
    count: [0],
    flag: [false],
    when: [{ timestamp: 1, timezoneOffset: 0 }],
    kind: ["a"],
    cover: [{ _id: MEDIA_ID }],
    authors: { _id: GROUP_ID, items: [{ props: [{ id: "name", data: ["Ada"] }] }] },
    related: [{ tid: TEMPLATE_ID, eid: ENTRY_ID }],
    body: [{ nodes: [{ type: "paragraph", content: [{ type: "text", text: "x" }] }] }],
    cta: { _id: WIDGET_ID, props: [{ id: "href", data: ["/x"] }] },
    ...overrides,
  };
  return Object.entries(data).map(([id, value]) => ({ id, data: value }));
}

function check(overrides: Record<string, unknown>) {
  return validatePropValues(schema, values(overrides), context, { path: "body.meta.en.props" });
}

describe("validatePropValues", () => {
  it("accepts valid values of every type", () => {
    expect(check({})).toEqual([]);
  });

  it("reports BCMS's messages and paths", () => {
    const [problem] = check({ title: [] });
    expect(problem).toEqual({
      path: "body.meta.en.props.title.data",
      property: "title",
      message: RAW_VALIDATION_MESSAGES.required,
    });
    expect(problem && formatRawProblem(problem)).toBe(
      "[body.meta.en.props.title.data] -> Property is required and must contain a value",
    );
    expect(check({ title: [""] })[0]?.message).toBe(RAW_VALIDATION_MESSAGES.required);
  });

  it("checks the count of values and finds missing and unknown ones", () => {
    const input = values().filter((value) => value.id !== "flag");
    input.push({ id: "nope", data: [] });
    const problems = validatePropValues(schema, input, context, { path: "p" });
    expect(problems.map((p) => p.message)).toEqual([
      'Value for unknown property ID "nope"',
      RAW_VALIDATION_MESSAGES.noValue,
    ]);
    const short = values().slice(1);
    const [first] = validatePropValues(schema, short, context, { path: "p", stopAtFirst: true });
    expect(first?.message).toBe(RAW_VALIDATION_MESSAGES.lengthMismatch);
  });

  it("checks primitive types and single props", () => {
    expect(check({ count: ["1"] })[0]?.message).toMatch(/Expected a number value/);
    expect(check({ count: [Number.NaN] })[0]?.message).toMatch(/Expected a number value/);
    expect(check({ flag: "yes" })[0]?.message).toMatch(/Expected an array of boolean values/);
    expect(check({ title: ["a", "b"] })[0]?.message).toBe(
      "Property is not an array but has 2 values",
    );
  });

  it("checks enumerations against the allowed list", () => {
    expect(check({ kind: ["c"] })[0]?.message).toBe(
      'Enumeration value "c" is not allowed. Allowed values: a, b',
    );
    expect(check({ kind: [] })[0]?.message).toBe(RAW_VALIDATION_MESSAGES.required);
  });

  it("checks dates", () => {
    expect(check({ when: [{ timestamp: "1", timezoneOffset: 0 }] })[0]?.message).toMatch(
      /numeric timestamp/,
    );
  });

  it("finds dangling media and refuses folders", () => {
    expect(check({ cover: [{ _id: "65aa000000000000000000ff" }] })[0]?.message).toBe(
      'Media with ID "65aa000000000000000000ff" does not exist',
    );
    expect(check({ cover: [{ _id: DIR_ID }] })[0]?.message).toMatch(/is a directory/);
    expect(check({ cover: [{ nope: 1 }] })[0]?.message).toMatch(/needs a string _id/);
  });

  it("validates groups recursively with a readable property path", () => {
    const problems = check({
      authors: {
        _id: GROUP_ID,
        items: [{ props: [{ id: "name", data: ["Ada"] }] }, { props: [{ id: "name", data: [] }] }],
      },
    });
    expect(problems).toEqual([
      {
        path: "body.meta.en.props.authors.items.1.props.name.data",
        property: "authors[1].name",
        message: RAW_VALIDATION_MESSAGES.required,
      },
    ]);
    expect(check({ authors: { _id: WIDGET_ID, items: [] } })[0]?.message).toBe(
      RAW_VALIDATION_MESSAGES.groupIdMismatch,
    );
    expect(check({ authors: [] })[0]?.message).toMatch(/group pointer value/);
  });

  it("checks entry pointers: allowed template, existing entry of that template", () => {
    expect(check({ related: [{ tid: OTHER_TEMPLATE_ID, eid: OTHER_ENTRY_ID }] })[0]?.message).toBe(
      `Template ID "${OTHER_TEMPLATE_ID}" is not allowed for this property.`,
    );
    expect(
      check({ related: [{ tid: TEMPLATE_ID, eid: "65aa000000000000000000ee" }] })[0]?.message,
    ).toBe('Entry with ID "65aa000000000000000000ee" does not exist');
    expect(check({ related: [{ tid: TEMPLATE_ID, eid: OTHER_ENTRY_ID }] })[0]?.message).toMatch(
      /does not belong/,
    );
    expect(check({ related: [{ entryId: ENTRY_ID }] })[0]?.message).toMatch(/string tid and eid/);
  });

  it("checks rich text and the widgets inside it", () => {
    expect(check({ body: [{}] })[0]?.message).toBe("Rich text needs a nodes array");
    const problems = check({
      body: [
        {
          nodes: [
            {
              type: "widget",
              attrs: { data: { _id: WIDGET_ID, props: [{ id: "href", data: [] }] } },
            },
          ],
        },
      ],
    });
    expect(problems[0]).toMatchObject({
      property: "body[0].cta.href",
      message: RAW_VALIDATION_MESSAGES.required,
    });
  });

  it("checks widget props", () => {
    expect(check({ cta: { _id: WIDGET_ID, props: [] } })[0]?.message).toBe(
      RAW_VALIDATION_MESSAGES.lengthMismatch,
    );
    expect(check({ cta: { _id: GROUP_ID, props: [] } })[0]?.message).toBe(
      RAW_VALIDATION_MESSAGES.widgetIdMismatch,
    );
  });

  it("refuses input that is not a values array", () => {
    expect(validatePropValues(schema, { nope: true }, context, { path: "p" })[0]?.message).toBe(
      RAW_VALIDATION_MESSAGES.notValues,
    );
    expect(
      validatePropValues(schema, [null], context, { path: "p", stopAtFirst: true }),
    ).toHaveLength(1);
  });
});

describe("validateContentNodes", () => {
  it("finds dangling widgets and media at any depth", () => {
    const problems = validateContentNodes(
      [
        { type: "paragraph", content: [{ type: "text", text: "x" }] },
        { type: "widget", attrs: { data: { _id: "65aa000000000000000000aa", props: [] } } },
        {
          type: "bulletList",
          content: [
            {
              type: "listItem",
              content: [{ type: "media", attrs: { mediaId: "65aa000000000000000000bb" } }],
            },
          ],
        },
        { type: "text" },
        "junk",
      ],
      context,
      { path: "content.en.nodes" },
    );
    expect(problems.map((p) => [p.property, p.message])).toEqual([
      ["content[1]", 'Widget with ID "65aa000000000000000000aa" does not exist.'],
      ["content[2][0][0]", 'Media with ID "65aa000000000000000000bb" does not exist'],
      ["content[3]", "A text node needs a string text"],
      ["content[4]", "A rich-text node needs a string type"],
    ]);
  });
});
