// Progressive enhancement's switch: a component renders its no-JavaScript form on the server
// and while the page hydrates, and its scripted form after.
import { startTransition, useEffect, useState } from "react";

/** Set once the first enhancement is under way: later mounts (a navigation) start enhanced. */
let pageHydrated = false;

/**
 * `false` on the server and during hydration, then `true`. The switch is a transition, not
 * an urgent update: React renders it in slices it can interrupt, after hydration's own work,
 * and commits only what differs, so swapping a fallback for its scripted form is never one
 * long task at load (decision 0033). Until then the no-JavaScript form works as it does
 * without scripts.
 */
export function useEnhanced(): boolean {
  const [enhanced, setEnhanced] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!enhanced) startTransition(() => setEnhanced(true));
  }, [enhanced]);
  return enhanced;
}
