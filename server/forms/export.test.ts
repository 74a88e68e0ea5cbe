import { describe, expect, it } from "vitest";
import { sampleSubmission } from "../../tests/support/form-submission";
import type { SubmissionRow } from "../store/store";
import { csvCell, neutraliseFormula, toCsvExport, toJsonExport } from "./export";

function row(id: string, fields: SubmissionRow["fields"], extra: Partial<SubmissionRow> = {}) {
  const record = sampleSubmission();
  return {
    id,
    receivedAt: Date.parse("2026-02-01T12:00:00Z"),
    formId: record.formId,
    formEntryId: record.formEntryId,
    formVersion: record.formVersion,
    destination: record.destination,
    pagePath: record.pagePath,
    fields,
    consent: record.consent,
    attribution: record.attribution,
    spam: null,
    status: "delivered",
    queuedAt: 0,
    attempts: 1,
    nextAttemptAt: null,
    lastError: null,
    lastStatus: 200,
    deliveredAt: Date.parse("2026-02-01T12:00:05Z"),
    deadAt: null,
    purgedAt: null,
    ...extra,
  } satisfies SubmissionRow;
}

describe("CSV cells", () => {
  it("defuses what a spreadsheet would run as a formula", () => {
    for (const cell of ["=1+1", "+44 20 7946 0000", "-2", "@SUM(A1)", "\tx", "\rx"]) {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    }
    expect(neutraliseFormula("a=b")).toBe("a=b");
  });

  it("quotes as RFC 4180 says", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});

describe("exports", () => {
  it("has one column per field name across the rows, in order of appearance", () => {
    const csv = toCsvExport([
      row("sub_a", { email: "a@example.com", status: "CEO" }),
      row("sub_b", { email: "b@example.com", topics: ["x", "y"] }),
      row("sub_c", null, { purgedAt: Date.parse("2026-03-01T00:00:00Z") }),
    ]);
    const lines = csv.split("\r\n");
    expect(lines.at(-1)).toBe("");
    const header = (lines[0] ?? "").split(",");
    expect(header.slice(0, 12)).toEqual([
      "id",
      "received_at",
      "status",
      "spam",
      "form_id",
      "form_entry_id",
      "form_version",
      "destination",
      "page_path",
      "email",
      // A field called like a column of ours is told apart.
      "field_status",
      "topics",
    ]);
    expect(header).toContain("first_touch_utm_source");
    const cells = (n: number) =>
      Object.fromEntries(header.map((h, i) => [h, (lines[n] ?? "").split(",")[i]]));
    expect(cells(1)).toMatchObject({
      id: "sub_a",
      email: "a@example.com",
      field_status: "CEO",
      topics: "",
    });
    expect(cells(2)).toMatchObject({ topics: "x; y", first_touch_utm_source: "newsletter" });
    expect(cells(3)).toMatchObject({
      id: "sub_c",
      email: "",
      purged_at: "2026-03-01T00:00:00.000Z",
    });
  });

  it("writes JSON with ISO dates", () => {
    const parsed = JSON.parse(toJsonExport([row("sub_a", { email: "a@example.com" })]));
    expect(parsed).toEqual([
      expect.objectContaining({
        id: "sub_a",
        receivedAt: "2026-02-01T12:00:00.000Z",
        deliveredAt: "2026-02-01T12:00:05.000Z",
        fields: { email: "a@example.com" },
      }),
    ]);
  });
});
