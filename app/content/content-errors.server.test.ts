import { afterEach, describe, expect, it, vi } from "vitest";
import { BcmsTemplateNotFoundError, BcmsTimeoutError } from "../../bcms";
import { thrownResponse } from "../../tests/support/content";
import {
  CONTENT_UNAVAILABLE_MESSAGE,
  NOT_FOUND_PREFIX,
  notFound,
  withContent,
} from "./content-errors.server";
import { logger } from "./log.server";

afterEach(() => vi.restoreAllMocks());

describe("notFound", () => {
  it("throws a 404 that names the missing path", async () => {
    expect(await thrownResponse(Promise.resolve().then(() => notFound("/nowhere")))).toEqual({
      status: 404,
      body: `${NOT_FOUND_PREFIX}/nowhere`,
    });
    expect(NOT_FOUND_PREFIX).toBe("Page Not Found: ");
  });
});

describe("withContent", () => {
  it("returns what the loader body returns", async () => {
    expect(await withContent("/about", async () => "page")).toBe("page");
  });

  it("turns a CMS fault into a 503 with the apology, and logs the path", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    for (const fault of [
      new BcmsTimeoutError("GET", "/api/v3/entry", 30_000),
      new BcmsTemplateNotFoundError("news-article"),
    ]) {
      const thrown = await thrownResponse(
        withContent("/news", async () => {
          throw fault;
        }),
      );
      expect(thrown).toEqual({ status: 503, body: CONTENT_UNAVAILABLE_MESSAGE });
    }
    expect(error).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith(
      "Content unavailable",
      expect.objectContaining({ path: "/news" }),
    );
  });

  it("lets a 404 and any other failure through unchanged", async () => {
    const thrown = await thrownResponse(withContent("/x", async () => notFound("/x")));
    expect(thrown.status).toBe(404);
    const bug = new TypeError("a bug");
    await expect(
      withContent("/x", async () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
  });
});
