import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createInMemoryContent,
  TEST_MODIFIED_AT,
  thrownResponse,
} from "../../../tests/support/content";
import {
  listUniversalIdPaths,
  loadUniversalIdPage,
  loadUniversalIdPageForm,
} from "./universal-id-page.server";

const content = createInMemoryContent();
vi.mock("../content-client.server", () => ({ getContentClient: () => content.client }));

beforeEach(() =>
  content.reset({
    entries: {
      "universal-id-page": [
        {
          id: "a".repeat(24),
          meta: {
            title: "Publishers",
            slug: "publishers",
            description: "Sign up as a publisher",
            audience: "publisher",
            hero: { title: "Join", theme: "mint" },
          },
          content: [{ type: "paragraph", value: "<p>Welcome</p>" }],
        },
        { id: "b".repeat(24), meta: { slug: "bare" } },
      ],
    },
  }),
);
afterEach(() => vi.restoreAllMocks());

describe("loadUniversalIdPage", () => {
  it("maps the page: title, description as the head's, audience, hero and body", async () => {
    expect(await loadUniversalIdPage("publishers", "/universal-id/publishers")).toEqual({
      slug: "publishers",
      title: "Publishers",
      description: "Sign up as a publisher",
      audience: "publisher",
      head: {
        title: "Publishers",
        description: "Sign up as a publisher",
        modifiedAt: TEST_MODIFIED_AT,
      },
      hero: { title: ["Join"], theme: "mint" },
      body: [{ type: "rich", nodes: [{ tag: "p", children: ["Welcome"] }] }],
    });
  });

  it("maps a bare entry with empty texts, and 404s for an unknown slug", async () => {
    expect(await loadUniversalIdPage("bare", "/partner-sign-up/bare")).toEqual({
      slug: "bare",
      title: "",
      description: "",
      head: { modifiedAt: TEST_MODIFIED_AT },
      body: [],
    });
    const missing = loadUniversalIdPage("nothing", "/partner-sign-up/nothing");
    expect((await thrownResponse(missing)).status).toBe(404);
  });

  it("reads the page's form for its action (none here), and 404s like the page", async () => {
    expect(await loadUniversalIdPageForm("publishers", "/universal-id/publishers")).toBeUndefined();
    const missing = loadUniversalIdPageForm("nothing", "/universal-id/nothing");
    expect((await thrownResponse(missing)).status).toBe(404);
  });
});

describe("listUniversalIdPaths", () => {
  it("lists every page under both of its prefixes", async () => {
    expect(await listUniversalIdPaths()).toEqual([
      "/universal-id/publishers",
      "/partner-sign-up/publishers",
      "/universal-id/bare",
      "/partner-sign-up/bare",
    ]);
  });
});
