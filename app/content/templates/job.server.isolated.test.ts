import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BcmsTimeoutError } from "../../../bcms";
import {
  createInMemoryContent,
  TEST_MODIFIED_AT,
  testLocalEntry,
  thrownResponse,
} from "../../../tests/support/content";
import { CONTENT_UNAVAILABLE_MESSAGE } from "../content-errors.server";
import { logger } from "../log.server";
import { loadJobs, toJob } from "./job.server";

const content = createInMemoryContent();
vi.mock("../content-client.server", () => ({ getContentClient: () => content.client }));

const job = (id: string, meta: Record<string, unknown>) => ({
  id: id.repeat(24),
  meta: { title: "Engineer", apply_url: "https://jobs.example/1", ...meta },
});

beforeEach(() => content.reset());
afterEach(() => vi.restoreAllMocks());

describe("toJob", () => {
  it("needs a title and a link to apply; other fields have defaults", () => {
    const meta = { slug: "engineer", title: "Engineer", apply_url: "https://jobs.example/1" };
    expect(toJob(testLocalEntry("job", meta))).toEqual({
      slug: "engineer",
      title: "Engineer",
      department: "",
      location: "",
      employmentType: "full-time",
      applyUrl: "https://jobs.example/1",
      description: "",
      modifiedAt: TEST_MODIFIED_AT,
    });
    expect(toJob(testLocalEntry("job", { ...meta, title: " " }))).toBeUndefined();
  });
});

describe("loadJobs", () => {
  it("lists the published jobs that have a title and a link to apply, in CMS order", async () => {
    content.reset({
      entries: {
        job: [
          job("a", { slug: "engineer", department: "R&D", location: "London" }),
          job("b", { slug: "no-link", apply_url: "" }),
          { ...job("c", { slug: "draft" }), status: "Draft" },
          job("d", { slug: "designer", employment_type: "part-time" }),
        ],
      },
    });
    const jobs = await loadJobs();
    expect(jobs.map((j) => j.slug)).toEqual(["engineer", "designer"]);
    expect(jobs[0]).toMatchObject({ department: "R&D", location: "London" });
    expect(jobs[1]?.employmentType).toBe("part-time");
  });

  it("answers 503 when the CMS cannot be read", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    content.failWith(new BcmsTimeoutError("GET", "/entry", 1));
    expect(await thrownResponse(loadJobs())).toEqual({
      status: 503,
      body: CONTENT_UNAVAILABLE_MESSAGE,
    });
  });
});
