import { describe, expect, it } from "vitest";
import { recordingLogger } from "../../tests/support/webhook-receiver";
import type { AnswerHeaders } from "../security/answer-headers";
import { NotFoundAnswers, type NotFoundOptions } from "./not-found";
import { CATCH_ALL } from "./spliced-page";

/** 404 answers over a render that always fails as a closed render thread does. */
function answersOverAClosedThread() {
  const logger = recordingLogger();
  const options = {
    render: async () => {
      throw new Error("the render thread was closed");
    },
    logger,
    headers: {
      of: () => {
        throw new Error("not asked while preparing");
      },
    } as unknown as AnswerHeaders,
    keptHeaders: () => [],
  } satisfies NotFoundOptions;
  const warned = () =>
    logger.lines.filter((line) => line.message === "the 404 answer could not be prepared");
  return { answers: new NotFoundAnswers(options), warned };
}

describe("NotFoundAnswers", () => {
  it("warns of each kind it could not prepare, then a while later may try again", async () => {
    const { answers, warned } = answersOverAClosedThread();
    const route = { id: "routes/page", tail: CATCH_ALL };
    await answers.prepare(route);
    expect(warned().map((line) => line.fields.kind)).toEqual(["page", "data"]);
    expect(warned()[0]?.fields.error).toBe("the render thread was closed");
    // Failed: counted as prepared (rendered per request) until the retry time.
    expect(answers.isPrepared(route)).toBe(true);
  });

  it("once stopped, says nothing of preparations the server's close cuts short", async () => {
    const { answers, warned } = answersOverAClosedThread();
    answers.stop();
    await answers.prepare({ id: "routes/page", tail: CATCH_ALL });
    expect(warned()).toEqual([]);
  });
});
