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
 * The router is created inside hydration's first render, one piece of work React cannot
 * split, and it reads sessionStorage there: the page's first storage access is the slow one
 * (decision 0033). Opening the storage in a task of its own keeps it out of that piece.
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
 * which refuses to run outside React (expected, and caught); an error of the router's own
 * is thrown again by the same call during hydration, where the app's boundary shows it.
 */
async function createRouterAhead(): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      HydratedRouter({});
      return;
    } catch (thrown) {
      // The page's data is still being decoded: wait for it, then try once more.
      if (!(thrown instanceof Promise)) return;
      await thrown;
      await nextTask();
    }
  }
}

async function start(): Promise<void> {
  await nextTask();
  openSessionStorage();
  await nextTask();
  await createRouterAhead();
  await nextTask();
  hydrate();
}

void start();
