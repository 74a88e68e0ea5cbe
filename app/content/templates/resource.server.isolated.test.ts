import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createInMemoryContent,
  TEST_MODIFIED_AT,
  testLocalEntry,
  thrownResponse,
} from "../../../tests/support/content";
import {
  listGatedMediaIds,
  listResourcePaths,
  loadGatedDownload,
  loadResource,
  loadResourceForm,
  loadResources,
  toResourceCard,
} from "./resource.server";

const content = createInMemoryContent();
vi.mock("../content-client.server", () => ({ getContentClient: () => content.client }));

const REPORT_PDF = {
  _id: "9".repeat(24),
  name: "report.pdf",
  type: "OTH",
  mimetype: "application/pdf",
};
const FORM = "f".repeat(24);

beforeEach(() =>
  content.reset({
    entries: {
      resource: [
        {
          id: "a".repeat(24),
          meta: {
            title: "State of identity",
            slug: "state-of-identity",
            kind: "report",
            download: REPORT_PDF,
            form: { _id: FORM },
          },
        },
        { id: "b".repeat(24), meta: { title: "Consent guide", slug: "consent-guide" } },
        { id: "c".repeat(24), meta: { slug: "untitled" } },
      ],
      form: [
        {
          id: FORM,
          meta: {
            title: "Download",
            slug: "download",
            fields: [{ name: "email", label: "Email", type: "email", required: true, options: [] }],
            submit_label: "Get it",
            outcome: "redirect",
            redirect_path: "/resources/thank-you",
            destination: "crm:download",
          },
        },
      ],
    },
  }),
);
afterEach(() => vi.restoreAllMocks());

describe("toResourceCard", () => {
  it("labels the kind (guide by default; an unknown kind shows as it is)", () => {
    const card = (meta: Record<string, unknown>) =>
      toResourceCard(testLocalEntry("resource", { title: "T", slug: "t", ...meta }));
    expect(card({ kind: "case-study" })).toEqual({
      slug: "t",
      href: "/resources/t",
      title: "T",
      description: "",
      kind: "case-study",
      kindLabel: "Case study",
      modifiedAt: TEST_MODIFIED_AT,
    });
    expect(card({})).toMatchObject({ kind: "guide", kindLabel: "Guide" });
    expect(card({ kind: "podcast" })).toMatchObject({ kind: "podcast", kindLabel: "podcast" });
    expect(card({ title: "" })).toBeUndefined();
  });
});

describe("resource loaders", () => {
  it("lists the titled resources by title", async () => {
    expect((await loadResources()).map((r) => r.slug)).toEqual([
      "consent-guide",
      "state-of-identity",
    ]);
  });

  it("maps the resource page with its form; an untitled or unknown one is a 404", async () => {
    expect(await loadResource("state-of-identity", "/resources/state-of-identity")).toMatchObject({
      kindLabel: "Report",
      head: { title: "State of identity" },
      body: [],
      form: { id: "download", submitLabel: "Get it" },
    });
    expect(await loadResource("consent-guide", "/resources/consent-guide")).not.toHaveProperty(
      "form",
    );
    for (const slug of ["untitled", "nothing"]) {
      expect((await thrownResponse(loadResource(slug, `/resources/${slug}`))).status).toBe(404);
    }
  });

  it("reads the form for the page's action, and 404s for an unknown resource", async () => {
    expect(await loadResourceForm("state-of-identity", "/r")).toMatchObject({ id: "download" });
    expect((await thrownResponse(loadResourceForm("nothing", "/r"))).status).toBe(404);
  });

  it("knows each gated download and hides it from the public media route", async () => {
    expect(await loadGatedDownload("state-of-identity")).toEqual({
      mediaId: REPORT_PDF._id,
      name: "report.pdf",
    });
    expect(await loadGatedDownload("consent-guide")).toBeUndefined();
    expect(await loadGatedDownload("nothing")).toBeUndefined();
    expect(await listGatedMediaIds()).toEqual(new Set([REPORT_PDF._id]));
  });

  it("lists every published resource's page for prerendering", async () => {
    expect(await listResourcePaths()).toEqual([
      "/resources/state-of-identity",
      "/resources/consent-guide",
      "/resources/untitled",
    ]);
  });
});
