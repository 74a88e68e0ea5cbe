import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createInMemoryContent, thrownResponse } from "../../tests/support/content";
import { NOT_FOUND_PREFIX } from "./content-errors.server";
import { loadMediaByName } from "./media.server";

const content = createInMemoryContent();
vi.mock("./content-client.server", () => ({ getContentClient: () => content.client }));

beforeEach(() =>
  content.reset({
    media: [
      { _id: "d".repeat(24), name: "site-agreement.pdf", type: "DIR" },
      { _id: "a".repeat(24), name: "site-agreement.pdf", type: "OTH" },
    ],
  }),
);
afterEach(() => vi.restoreAllMocks());

describe("loadMediaByName", () => {
  it("finds the file of that name (never a folder), and 404s when there is none", async () => {
    expect(await loadMediaByName("site-agreement.pdf")).toEqual({
      id: "a".repeat(24),
      name: "site-agreement.pdf",
    });
    expect(await thrownResponse(loadMediaByName("missing.pdf"))).toEqual({
      status: 404,
      body: `${NOT_FOUND_PREFIX}/missing.pdf`,
    });
  });
});
