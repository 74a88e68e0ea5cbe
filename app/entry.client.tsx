// The browser entry: the chunk reload guard first, so a chunk failing while the page
// hydrates is caught too, then React Router's hydration of the server-rendered document.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReloadGuard } from "./navigation/chunk-reload-guard";

installChunkReloadGuard();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
