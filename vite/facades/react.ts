// React as app code sees it in the client build (see ../framework-facades.ts): named
// bindings of the framework chunk instead of a CommonJS module every chunk unwraps.
import React from "react";

export const {
  createElement,
  Fragment,
  StrictMode,
  Suspense,
  startTransition,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} = React;
