import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createInMemoryContent,
  TEST_MODIFIED_AT,
  testDate,
  thrownResponse,
} from "../../../tests/support/content";
import { loadLegalPage } from "./legal-page.server";

const content = createInMemoryContent();
vi.mock("../content-client.server", () => ({ getContentClient: () => content.client }));

beforeEach(() =>
  content.reset({
    entries: {
      "legal-page": [
        {
          id: "a".repeat(24),
          meta: {
            title: "Privacy policy",
            path: "/trust/privacy-policy",
            summary: "How we handle data",
            updated_at: testDate("2026-02-01"),
            language: "en",
          },
          content: [{ type: "paragraph", value: "<p>We care.</p>" }],
        },
        {
          id: "b".repeat(24),
          meta: { title: "プライバシー", path: "/jp/platform-privacy-policy", language: "ja" },
        },
      ],
    },
  }),
);
afterEach(() => vi.restoreAllMocks());

describe("loadLegalPage", () => {
  it("maps the page at the path: summary as description, update date, language", async () => {
    expect(await loadLegalPage("/trust/privacy-policy")).toEqual({
      path: "/trust/privacy-policy",
      title: "Privacy policy",
      head: {
        title: "Privacy policy",
        description: "How we handle data",
        modifiedAt: TEST_MODIFIED_AT,
        lang: "en",
      },
      summary: "How we handle data",
      updated: "2026-02-01",
      updatedLabel: "1 February 2026",
      lang: "en",
      body: [{ type: "rich", nodes: [{ tag: "p", children: ["We care."] }] }],
    });
  });

  it("serves a Japanese page in Japanese, and 404s for a path no legal page has", async () => {
    const page = await loadLegalPage("/jp/platform-privacy-policy");
    expect(page.lang).toBe("ja");
    expect(page.head.lang).toBe("ja");
    expect(page).not.toHaveProperty("updated");
    expect((await thrownResponse(loadLegalPage("/trust/nothing"))).status).toBe(404);
  });
});
