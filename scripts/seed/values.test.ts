import { describe, expect, it } from "vitest";
import { UNKNOWN_PROPERTY_MESSAGE } from "../../bcms/validation";
import { entryId } from "./ids";
import { getTemplate, templateId } from "./schema";
import { encodeProps, entryRef } from "./values";

const page = getTemplate("page");
const base = { title: "Title", slug: "slug", path: "/slug" };
const formPropId = page.props.find((prop) => prop.name === "form")?.id;

describe("encodeProps", () => {
  it("writes an entry pointer as BCMS stores it, tid before eid", () => {
    const props = encodeProps("page/slug", page.props, {
      ...base,
      form: entryRef("form", "contact"),
    });
    const form = props.find((value) => value.id === formPropId);
    expect(JSON.stringify(form?.data)).toBe(
      JSON.stringify([{ tid: templateId("form"), eid: entryId("form", "contact") }]),
    );
  });

  it("refuses a pointer to a template the prop does not allow", () => {
    expect(() =>
      encodeProps("page/slug", page.props, { ...base, form: entryRef("job", "x") }),
    ).toThrow('page/slug.form: template "job" is not allowed for this prop');
  });

  it("refuses a blank required string, which BCMS would accept", () => {
    expect(() => encodeProps("page/slug", page.props, { ...base, title: "  " })).toThrow(
      "page/slug.title: empty required string",
    );
  });

  it("refuses a prop the schema does not have, naming entry and prop", () => {
    expect(() => encodeProps("page/slug", page.props, { ...base, nope: 1 })).toThrow(
      `page/slug, property "nope": ${UNKNOWN_PROPERTY_MESSAGE}`,
    );
  });
});
