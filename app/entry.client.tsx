// The browser entry: the chunk reload guard first, so a chunk failing while the page
// hydrates is caught too, then (in a preview) the address the router starts on, then React
// Router's hydration of the server-rendered document.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReloadGuard } from "./navigation/chunk-reload-guard";
import { enterPreview, previewPathOf } from "./navigation/preview-address";

installChunkReloadGuard();

// A preview hydrates on its page's path, not on its link (navigation/preview-address.ts).
const previewPath = previewPathOf(document);
if (previewPath) enterPreview(window, previewPath);

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
 * (decision 0033). Opening the storage in a task of its own, after the modules' evaluation,
 * keeps each of the three tasks short.
 */
function openSessionStorage(): void {
  try {
    void window.sessionStorage.length;
  } catch {
    // Storage refused (privacy settings): the router copes, nothing to open.
  }
}

setTimeout(() => {
  openSessionStorage();
  setTimeout(hydrate, 0);
}, 0);
