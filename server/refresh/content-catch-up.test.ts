import { describe, expect, it } from "vitest";
import { CONTENT_VERSIONS_FORMAT, type ContentVersions } from "../../app/content/content-versions";
import { recordingLogger } from "../../tests/support/webhook-receiver";
import { ContentCatchUp } from "./content-catch-up";

const UNREADABLE = "content catch-up: the CMS cannot be read, trying again";

/** A catch-up over `readVersions`, with nothing recorded and nothing to refresh. */
function catchUpOver(readVersions: () => Promise<ContentVersions>) {
  const logger = recordingLogger();
  const catchUp = new ContentCatchUp({
    readVersions,
    recorded: () => undefined,
    refresh: () => 0,
    settled: async () => {},
    logger,
  });
  const told = () => logger.lines.map((line) => line.message);
  return { catchUp, logger, told };
}

const versions = (): ContentVersions => ({
  format: CONTENT_VERSIONS_FORMAT,
  entries: {},
  media: {},
  schema: {},
  orders: {},
});

describe("ContentCatchUp", () => {
  it("tells a CMS it cannot read, asks again, and is done once it could", async () => {
    let reads = 0;
    const { catchUp, told } = catchUpOver(async () => {
      reads += 1;
      if (reads === 1) throw new Error("connect ECONNREFUSED");
      return versions();
    });
    catchUp.start();
    await catchUp.whenDone();
    expect(catchUp.state).toBe("done");
    expect(told()).toEqual([UNREADABLE, "content caught up"]);
  });

  it("says nothing of a read its stop cut short (the close's doing, not the CMS's)", async () => {
    let cutShort = (_error: Error) => {};
    const { catchUp, told } = catchUpOver(
      () =>
        new Promise<ContentVersions>((_, reject) => {
          cutShort = reject;
        }),
    );
    catchUp.start();
    catchUp.stop();
    cutShort(new Error("the render thread was closed"));
    await catchUp.whenDone();
    // The rejected read has been handled by now: a turn of the event loop after it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(told()).toEqual([]);
    expect(catchUp.state).not.toBe("done");
  });
});
