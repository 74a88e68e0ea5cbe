// The browser entry: the chunk reload guard first, so a chunk failing while the page
// hydrates is caught too, then React Router's hydration of the server-rendered document.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReloadGuard } from "./navigation/chunk-reload-guard";

installChunkReloadGuard();

/** The next task: what follows runs after the browser had a chance to do anything else. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function hydrate(): void {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/**
 * The page's first storage access is the slow one (decision 0033), and React Router reads
 * sessionStorage while it creates its router: opening the storage first, in a task of its
 * own, keeps it out of that task.
 */
function openSessionStorage(): void {
  try {
    void window.sessionStorage.length;
  } catch {
    // Storage refused (privacy settings): the router copes, nothing to open.
  }
}

/**
 * React Router creates its router once per page, in HydratedRouter's first call, and keeps
 * it for every later one: decoding the page's data, building the routes and the history,
 * matching the location. Inside hydration that is all one unit of render work; called here
 * first, as a plain function, it is a task of its own (and the decoding another), and
 * hydration's render finds the router made. The call ends at the component's first hook,
 * which refuses to run outside React (expected: what it throws is returned); an error of the
 * router's own is thrown again by the same call during hydration, where the app's boundary
 * shows it. While the data is being decoded, the call throws the decoding's promise.
 */
function callRouter(): unknown {
  try {
    return HydratedRouter({});
  } catch (thrown) {
    return thrown;
  }
}

async function start(): Promise<void> {
  await nextTask();
  openSessionStorage();
  await nextTask();
  const decoding = callRouter();
  if (decoding instanceof Promise) {
    await decoding;
    await nextTask();
    callRouter();
  }
  await nextTask();
  hydrate();
}

void start();
