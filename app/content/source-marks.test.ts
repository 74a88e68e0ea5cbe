import { describe, expect, it } from "vitest";
import {
  CODE_SOURCE_FILE,
  codeMark,
  dashboardUrl,
  type EntrySource,
  richContentMark,
  SOURCE_ATTRIBUTE,
  sourceLabel,
  sourceMark,
  WIDGETS_ATTRIBUTE,
} from "./source-marks";

const source: EntrySource = {
  template: "News article",
  templateId: "t1",
  entry: "e1",
  title: 'Partner "roundup" & more',
  edit: "https://cms.example/dashboard/t/t1/e/e1",
};

describe("sourceMark", () => {
  it("marks nothing without a source (the public site)", () => {
    expect(sourceMark(undefined, "description")).toEqual({});
    expect(
      richContentMark(undefined, "content", [{ type: "widget", widget: { name: "video" } }]),
    ).toEqual({});
  });

  it("says the entry, the prop and the label, the title kept as typed", () => {
    const mark = sourceMark(source, "description");
    expect(Object.keys(mark)).toEqual([SOURCE_ATTRIBUTE]);
    expect(JSON.parse(mark[SOURCE_ATTRIBUTE] ?? "")).toEqual({
      ...source,
      prop: "description",
      label: 'News article · Partner "roundup" & more · description',
    });
  });

  it("names a rich text's widgets by their child element and their number", () => {
    const mark = richContentMark(source, "content", [
      { type: "rich", nodes: ["loose text", { tag: "p" }, { tag: "h2" }] },
      { type: "widget", widget: { name: "video" } },
      { type: "image" },
      { type: "rich", nodes: [{ tag: "p" }] },
      { type: "widget", widget: { name: "cta" } },
    ]);
    expect(mark[WIDGETS_ATTRIBUTE]).toBe("2:1:video 5:2:cta");
    expect(JSON.parse(mark[SOURCE_ATTRIBUTE] ?? "").prop).toBe("content");
  });

  it("leaves out the side table when the rich text has no widget", () => {
    const mark = richContentMark(source, "content", [{ type: "rich", nodes: [{ tag: "p" }] }]);
    expect(mark[WIDGETS_ATTRIBUTE]).toBeUndefined();
    expect(mark[SOURCE_ATTRIBUTE]).toBeDefined();
  });
});

describe("sourceLabel", () => {
  it("reads template · entry · prop", () => {
    expect(sourceLabel({ ...source, title: "Partner roundup" }, "summary")).toBe(
      "News article · Partner roundup · summary",
    );
  });
});

describe("dashboardUrl", () => {
  const ids = { org: "o 1", instance: "i1", template: "t/1", entry: "e1" };

  it("puts each id in its place, encoded", () => {
    expect(
      dashboardUrl("https://cms.example/{org}/{instance}/dashboard/t/{template}/e/{entry}", ids),
    ).toBe("https://cms.example/o%201/i1/dashboard/t/t%2F1/e/e1");
  });

  it("keeps what is not a placeholder", () => {
    expect(dashboardUrl("https://cms.example/e/{entry}?x={other}", ids)).toBe(
      "https://cms.example/e/e1?x={other}",
    );
  });
});

describe("codeMark", () => {
  it("marks a piece of the code only in a preview, saying it is not in the CMS", () => {
    expect(codeMark(undefined, "footer")).toEqual({});
    expect(codeMark(false, "footer")).toEqual({});
    const value = JSON.parse(codeMark(true, "header · logo link")[SOURCE_ATTRIBUTE] ?? "");
    expect(value).toEqual({
      label: `Site code · header · logo link · not in the CMS (${CODE_SOURCE_FILE})`,
      code: true,
    });
  });
});
