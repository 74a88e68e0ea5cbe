// A render thread that speaks server/rendering/render-thread-protocol.ts without a build:
// it answers every render with the URL it was asked, exits when the URL says `/exit`, fills
// its heap on `/grow`, and
// on `/call` asks the serving thread's store for the versions of template `news` first.
// Watching content, it says it is watching at once and reports a change for each render of
// `/change?id=<entry>`; asked for the CMS's versions, it answers that entry e1 was last
// updated when the thread started.
import { parentPort } from "node:worker_threads";

const startedAt = Date.now();
let watching = false;
let nextCall = 0;
const calls = new Map();

function answer(id, text) {
  const body = new TextEncoder().encode(text).buffer;
  parentPort.postMessage(
    { type: "rendered", id, status: 200, headers: [["content-type", "text/plain"]], body },
    [body],
  );
}

parentPort.on("message", (message) => {
  if (message.type === "render") {
    const url = new URL(message.url);
    if (url.pathname === "/exit") process.exit(3);
    if (url.pathname === "/grow") {
      // Holds ever more until the thread's heap is full.
      const held = [];
      for (;;) held.push(new Array(100_000).fill(held.length));
    }
    parentPort.postMessage({
      type: "log",
      level: "info",
      message: "stand-in rendered",
      fields: { path: url.pathname },
    });
    if (url.pathname === "/change" && watching) {
      const id = url.searchParams.get("id");
      parentPort.postMessage({
        type: "changed",
        change: {
          event: { name: "entry", type: "update", id, templateId: "t1" },
          tags: [`entry:${id}`],
          addedPaths: [],
          removedPaths: [],
        },
      });
    }
    if (url.pathname === "/call") {
      const id = ++nextCall;
      calls.set(id, (result) => answer(message.id, JSON.stringify(result)));
      parentPort.postMessage({
        type: "call",
        id,
        service: "publishedVersions",
        method: url.searchParams.get("method") ?? "listPublishedVersionKeys",
        args: ["news"],
      });
      return;
    }
    answer(message.id, `rendered ${url.pathname}`);
  } else if (message.type === "watch") {
    watching = true;
    parentPort.postMessage({ type: "watching" });
  } else if (message.type === "unwatch") {
    watching = false;
  } else if (message.type === "ask") {
    // The CMS's versions as this thread reads them: entry e1 last updated when it started.
    parentPort.postMessage({
      type: "answer",
      id: message.id,
      value: {
        format: 1,
        entries: { e1: { template: "news", updatedAt: startedAt } },
        media: {},
        schema: {},
        orders: {},
        startedAt,
      },
    });
  } else if (message.type === "result") {
    calls.get(message.id)?.(message.error ?? message.value);
    calls.delete(message.id);
  }
});

parentPort.postMessage({ type: "ready" });
