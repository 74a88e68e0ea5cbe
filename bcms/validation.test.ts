import type { Group, Prop, PropValue, Template, Widget } from "@thebcms/types";
import { describe, expect, it } from "vitest";
import { testProp } from "../tests/support/bcms-props";
import { BcmsValidationError } from "./errors";
import {
  arrayTypeMessage,
  buildEntryCreateBody,
  buildEntryUpdateBody,
  DATE_VALUE_MESSAGE,
  describeEntry,
  ENTRY_POINTER_VALUE_MESSAGE,
  entryStatusNotFoundMessage,
  enumValueNotAllowedMessage,
  groupNotFoundMessage,
  MEDIA_VALUE_MESSAGE,
  MISSING_REQUIRED_VALUE_MESSAGE,
  OBJECT_VALUE_MESSAGE,
  plainTextFromNodes,
  RICH_TEXT_VALUE_MESSAGE,
  toRawPropValues,
  typeMismatchMessage,
  UNKNOWN_PROPERTY_MESSAGE,
  widgetNotFoundMessage,
} from "./validation";

/** This file's prop ids are `id-{name}`. */
function prop(name: string, type: Prop["type"], extra: Partial<Prop> = {}): Prop {
  return testProp(name, type, { id: `id-${name}`, ...extra });
}

const authorGroup: Group = {
  _id: "g-author",
  createdAt: 0,
  updatedAt: 0,
  instanceId: "i",
  userId: "u",
  name: "author",
  label: "Author",
  desc: "",
  props: [prop("name", "STRING", { required: true }), prop("logo", "MEDIA")],
};
const testimonialGroup: Group = {
  ...authorGroup,
  _id: "g-testimonial",
  name: "testimonial",
  props: [
    prop("quote", "STRING", { required: true }),
    prop("author", "GROUP_POINTER", { data: { propGroupPointer: { _id: "g-author" } } }),
  ],
};
const ctaWidget: Widget = {
  ...authorGroup,
  _id: "w-cta",
  name: "cta",
  previewImage: "",
  props: [prop("href", "STRING", { required: true }), prop("label", "STRING")],
};
const groups = [authorGroup, testimonialGroup];

const schema: Prop[] = [
  prop("title", "STRING", { required: true }),
  prop("slug", "STRING", { required: true }),
  prop("views", "NUMBER"),
  prop("featured", "BOOLEAN"),
  prop("tags", "STRING", { array: true }),
  prop("category", "ENUMERATION", { data: { propEnum: { items: ["news", "guides", "events"] } } }),
  prop("topics", "ENUMERATION", {
    array: true,
    data: { propEnum: { items: ["ads", "identity"] } },
  }),
  prop("date", "DATE"),
  prop("related", "ENTRY_POINTER", {
    data: { propEntryPointer: [{ templateId: "t2", entryIds: [], displayProp: "title" }] },
  }),
  prop("cover", "MEDIA"),
  prop("gallery", "MEDIA", { array: true }),
  prop("body", "RICH_TEXT"),
  prop("testimonial", "GROUP_POINTER", { data: { propGroupPointer: { _id: "g-testimonial" } } }),
  prop("testimonials", "GROUP_POINTER", {
    array: true,
    data: { propGroupPointer: { _id: "g-testimonial" } },
  }),
  prop("cta", "WIDGET", { data: { propWidget: { _id: "w-cta" } } }),
];

const ENTRY = 'Entry "hello" of template "blog" (en)';
const context = { entry: ENTRY, groups, widgets: [ctaWidget] };
const base = { title: "Hello", slug: "hello" };

function failure(values: Record<string, unknown>, props: Prop[] = schema): BcmsValidationError {
  try {
    toRawPropValues(props, values, context);
  } catch (error) {
    if (error instanceof BcmsValidationError) return error;
    throw error;
  }
  throw new Error("expected a validation error");
}

function expectFailure(values: Record<string, unknown>, property: string, reason: string) {
  const error = failure(values);
  expect({ property: error.property, reason: error.reason }).toEqual({ property, reason });
  expect(error.entry).toBe(ENTRY);
  expect(error.message).toBe(`${ENTRY}, property "${property}": ${reason}`);
}

describe("validation messages", () => {
  it("spells the rule messages exactly", () => {
    expect(MISSING_REQUIRED_VALUE_MESSAGE).toBe("Missing value for required property");
    expect(enumValueNotAllowedMessage("X", ["a", "b", "c"])).toBe(
      'item value "X" is not allowed. Allowed values: a, b, c',
    );
    expect(typeMismatchMessage("number")).toBe("must be a number");
    expect(arrayTypeMessage("string")).toBe("must be an array of string");
  });

  it("requires required properties", () => {
    expectFailure({ slug: "hello" }, "title", MISSING_REQUIRED_VALUE_MESSAGE);
    expectFailure({ title: null, slug: "x" }, "title", MISSING_REQUIRED_VALUE_MESSAGE);
    const required = [prop("tags", "STRING", { array: true, required: true })];
    expect(failure({ tags: [] }, required).reason).toBe(MISSING_REQUIRED_VALUE_MESSAGE);
  });

  it("checks boolean, number and string types", () => {
    expectFailure({ ...base, title: 5 }, "title", typeMismatchMessage("string"));
    expectFailure({ ...base, views: "5" }, "views", typeMismatchMessage("number"));
    expectFailure({ ...base, views: Number.NaN }, "views", typeMismatchMessage("number"));
    expectFailure({ ...base, featured: "yes" }, "featured", typeMismatchMessage("boolean"));
  });

  it("checks arrays and their items", () => {
    expectFailure({ ...base, tags: "a" }, "tags", arrayTypeMessage("string"));
    expectFailure({ ...base, tags: ["a", 2] }, "tags[1]", typeMismatchMessage("string"));
    expectFailure({ ...base, gallery: { mediaId: "m" } }, "gallery", arrayTypeMessage("objects"));
  });

  it("checks enumerations against the allowed values", () => {
    expectFailure(
      { ...base, category: "X" },
      "category",
      'item value "X" is not allowed. Allowed values: news, guides, events',
    );
    expectFailure({ ...base, category: 3 }, "category", typeMismatchMessage("string"));
    expectFailure(
      { ...base, topics: ["ads", "cookies"] },
      "topics[1]",
      enumValueNotAllowedMessage("cookies", ["ads", "identity"]),
    );
  });

  it("checks dates", () => {
    expectFailure({ ...base, date: "2024-01-01" }, "date", DATE_VALUE_MESSAGE);
    expectFailure(
      { ...base, date: { timestamp: "1", timezoneOffset: 0 } },
      "date",
      DATE_VALUE_MESSAGE,
    );
    expectFailure({ ...base, date: { timestamp: 1 } }, "date", DATE_VALUE_MESSAGE);
  });

  it("checks entry pointers", () => {
    expectFailure({ ...base, related: { entryId: "e1" } }, "related", ENTRY_POINTER_VALUE_MESSAGE);
    expectFailure(
      { ...base, related: { entryId: 1, templateId: "t2" } },
      "related",
      ENTRY_POINTER_VALUE_MESSAGE,
    );
  });

  it("checks media", () => {
    expectFailure({ ...base, cover: "m1" }, "cover", MEDIA_VALUE_MESSAGE);
    expectFailure({ ...base, cover: { _id: "m1" } }, "cover", MEDIA_VALUE_MESSAGE);
    expectFailure({ ...base, gallery: [{ mediaId: "a" }, {}] }, "gallery[1]", MEDIA_VALUE_MESSAGE);
    expectFailure(
      { ...base, cover: { mediaId: "m", altText: 3 } },
      "cover.altText",
      typeMismatchMessage("string"),
    );
  });

  it("checks rich text", () => {
    expectFailure({ ...base, body: { nodes: "text" } }, "body", RICH_TEXT_VALUE_MESSAGE);
    expectFailure({ ...base, body: [] }, "body", RICH_TEXT_VALUE_MESSAGE);
  });

  it("checks group pointers recursively, including arrays of groups", () => {
    expectFailure({ ...base, testimonial: "x" }, "testimonial", OBJECT_VALUE_MESSAGE);
    expectFailure(
      { ...base, testimonial: {} },
      "testimonial.quote",
      MISSING_REQUIRED_VALUE_MESSAGE,
    );
    expectFailure(
      { ...base, testimonial: { quote: "q", author: { logo: { mediaId: "m" } } } },
      "testimonial.author.name",
      MISSING_REQUIRED_VALUE_MESSAGE,
    );
    expectFailure(
      { ...base, testimonials: [{ quote: "a" }, { quote: "b", author: { name: 7 } }] },
      "testimonials[1].author.name",
      typeMismatchMessage("string"),
    );
    expectFailure({ ...base, testimonials: {} }, "testimonials", arrayTypeMessage("objects"));
  });

  it("requires the group of a group pointer to exist", () => {
    const error = (() => {
      try {
        toRawPropValues(
          schema,
          { ...base, testimonial: { quote: "q" } },
          { ...context, groups: [] },
        );
      } catch (e) {
        return e as BcmsValidationError;
      }
      throw new Error("no error");
    })();
    expect(error.property).toBe("testimonial");
    expect(error.reason).toBe(groupNotFoundMessage("g-testimonial"));
  });

  it("validates widget props against the widget", () => {
    expectFailure({ ...base, cta: { label: "Go" } }, "cta.href", MISSING_REQUIRED_VALUE_MESSAGE);
    expect(() =>
      toRawPropValues(schema, { ...base, cta: { href: "/" } }, { ...context, widgets: [] }),
    ).toThrow(widgetNotFoundMessage("w-cta"));
  });

  it("rejects properties the schema does not have", () => {
    expectFailure({ ...base, titel: "typo" }, "titel", UNKNOWN_PROPERTY_MESSAGE);
    expectFailure(
      { ...base, testimonial: { quote: "q", extra: 1 } },
      "testimonial.extra",
      UNKNOWN_PROPERTY_MESSAGE,
    );
  });
});

describe("conversion to raw PropValue[]", () => {
  it("produces exactly one value per schema prop, in schema order", () => {
    const raw = toRawPropValues(
      schema,
      {
        ...base,
        views: 0,
        featured: false,
        tags: ["a", "b"],
        category: "news",
        topics: ["ads"],
        date: { timestamp: 1716000000000, timezoneOffset: -120, extra: "dropped" },
        related: { entryId: "e1", templateId: "t2" },
        cover: { mediaId: "m1", altText: "Alt" },
        gallery: [{ mediaId: "m2" }, { mediaId: "m3", caption: "C" }],
        body: { nodes: [{ type: "paragraph" }] },
        testimonial: { quote: "Great", author: { name: "Ann" } },
        testimonials: [{ quote: "One" }],
        cta: { href: "/go" },
      },
      context,
    );
    const byName = Object.fromEntries(
      schema.map((p, index) => [p.name, raw[index]?.data] as const),
    );
    expect(raw.map((value) => value.id)).toEqual(schema.map((p) => p.id));
    expect(byName).toEqual({
      title: ["Hello"],
      slug: ["hello"],
      views: [0],
      featured: [false],
      tags: ["a", "b"],
      category: ["news"],
      topics: ["ads"],
      date: [{ timestamp: 1716000000000, timezoneOffset: -120 }],
      related: [{ eid: "e1", tid: "t2" }],
      cover: [{ _id: "m1", alt_text: "Alt" }],
      gallery: [{ _id: "m2" }, { _id: "m3", caption: "C" }],
      body: [{ nodes: [{ type: "paragraph" }] }],
      testimonial: {
        _id: "g-testimonial",
        items: [
          {
            props: [
              { id: "id-quote", data: ["Great"] },
              {
                id: "id-author",
                data: {
                  _id: "g-author",
                  items: [
                    {
                      props: [
                        { id: "id-name", data: ["Ann"] },
                        { id: "id-logo", data: [] },
                      ],
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
      testimonials: {
        _id: "g-testimonial",
        items: [
          {
            props: [
              { id: "id-quote", data: ["One"] },
              { id: "id-author", data: { _id: "g-author", items: [] } },
            ],
          },
        ],
      },
      cta: {
        _id: "w-cta",
        props: [
          { id: "id-href", data: ["/go"] },
          { id: "id-label", data: [] },
        ],
      },
    });
  });

  it("keeps stored values of omitted optional props", () => {
    const oldValues: PropValue[] = [{ id: "id-views", data: [42] }];
    const raw = toRawPropValues(schema, base, context, { oldValues });
    expect(raw.find((value) => value.id === "id-views")?.data).toEqual([42]);
    expect(raw.find((value) => value.id === "id-tags")?.data).toEqual([]);
  });
});

const template: Template = {
  _id: "t1",
  createdAt: 0,
  updatedAt: 0,
  instanceId: "i",
  name: "blog",
  label: "Blog",
  desc: "",
  singleEntry: false,
  props: schema.slice(0, 4),
};

describe("entry payloads", () => {
  const statuses = [{ _id: "s-pub", label: "Published" }];
  const resolveStatus = (value: string) =>
    statuses.find((s) => s._id === value || s.label === value)?._id ?? null;

  it("builds a create body, resolving status labels and plain text", () => {
    const body = buildEntryCreateBody(
      template,
      {
        statuses: [{ lng: "en", id: "Published" }],
        meta: [{ lng: "en", data: base }],
        content: [
          {
            lng: "en",
            nodes: [
              { type: "heading", content: [{ type: "text", text: "Hi" }] },
              { type: "paragraph", content: [{ type: "text", text: "there" }] },
            ],
          },
        ],
      },
      { groups, resolveStatus },
    );
    expect(body.statuses).toEqual([{ lng: "en", id: "s-pub" }]);
    expect(body.meta[0]?.props.map((p) => p.data)).toEqual([["Hello"], ["hello"], [], []]);
    expect(body.content[0]?.plainText).toBe("Hi\nthere");
  });

  it("names the entry by slug and language in create failures", () => {
    expect(() =>
      buildEntryCreateBody(
        template,
        { meta: [{ lng: "de", data: { slug: "hallo" } }] },
        { groups },
      ),
    ).toThrow(
      'Entry "hallo" of template "blog" (de), property "title": Missing value for required property',
    );
  });

  it("rejects an unknown status", () => {
    expect(() =>
      buildEntryCreateBody(
        template,
        { statuses: [{ lng: "en", id: "Nope" }], meta: [] },
        { groups, resolveStatus },
      ),
    ).toThrow(entryStatusNotFoundMessage("Nope"));
  });

  it("rejects malformed payload shapes", () => {
    expect(() => buildEntryCreateBody(template, { meta: {} }, { groups })).toThrow(
      arrayTypeMessage("objects"),
    );
    expect(() =>
      buildEntryCreateBody(
        template,
        { meta: [], content: [{ lng: "en", nodes: "x" }] },
        { groups },
      ),
    ).toThrow('property "content[0].nodes"');
  });

  it("builds an update body for one language, keeping stored values and content", () => {
    const stored = {
      meta: [{ lng: "en", props: [{ id: "id-views", data: [7] }] }],
      content: [{ lng: "en", nodes: [{ type: "paragraph" as const }], plainText: "" }],
    };
    const body = buildEntryUpdateBody(
      template,
      "e1",
      { lng: "en", status: "Published", meta: base },
      stored,
      { groups, resolveStatus },
    );
    expect(body).toEqual({
      lng: "en",
      status: "s-pub",
      meta: {
        props: [
          { id: "id-title", data: ["Hello"] },
          { id: "id-slug", data: ["hello"] },
          { id: "id-views", data: [7] },
          { id: "id-featured", data: [] },
        ],
      },
      content: { nodes: [{ type: "paragraph" }] },
    });
    expect(() =>
      buildEntryUpdateBody(template, "e1", { lng: "en", meta: { slug: "s" } }, null, { groups }),
    ).toThrow('Entry "e1" of template "blog" (en), property "title"');
  });

  it("describes entries and extracts plain text", () => {
    expect(describeEntry({ templateName: "blog" })).toBe('New entry of template "blog"');
    expect(plainTextFromNodes([{ type: "paragraph", content: [{ type: "hardBreak" }] }])).toBe("");
  });
});
