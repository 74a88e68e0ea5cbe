// The CDN's purge relay (PURGE_URL), as a local HTTP server: records each purge it receives
// (its tags, its bearer token, how it ended) and, while told to hold, answers none of them.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { limitOf, type WaitLimit } from "./poll";
import { listWaiters } from "./webhook-receiver";

export interface Purge {
  tags: string[];
  authorization: string;
  /** How it ended: answered, or cut off by the sender going away. */
  outcome?: "answered" | "cut-off";
  /** When it arrived (Date.now()). */
  receivedAt: number;
  /** The sender, where its relay address names it (`?from=…`, one address per instance). */
  from?: string;
}

export type CdnStandIn = Awaited<ReturnType<typeof startCdnStandIn>>;

/** `waitMs`: how long `waitFor` waits (a time, or what is left of the test's: testTimeBudget). */
export async function startCdnStandIn(waitMs: WaitLimit) {
  const purges: Purge[] = [];
  const waiters = listWaiters(purges);
  let holding = false;
  const held: (() => void)[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const purge: Purge = {
        tags: (JSON.parse(body) as { tags: string[] }).tags,
        authorization: request.headers.authorization ?? "",
        receivedAt: Date.now(),
        from: new URL(request.url ?? "/", "http://relay").searchParams.get("from") ?? undefined,
      };
      purges.push(purge);
      response.on("close", () => {
        purge.outcome ??= "cut-off";
        waiters.changed();
      });
      const answer = () => {
        if (purge.outcome) return;
        purge.outcome = "answered";
        response.end("ok");
      };
      if (holding) held.push(answer);
      else answer();
      waiters.changed();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`,
    purges,
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    waitFor(condition: (purges: Purge[]) => boolean) {
      return waiters.waitFor(condition, limitOf(waitMs), () => JSON.stringify(purges));
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
