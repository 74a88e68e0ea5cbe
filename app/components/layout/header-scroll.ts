// Header compaction by scroll position: shrinks after more than 50 px of scroll.
import { useEffect, useState } from "react";

export const HEADER_COMPACT_THRESHOLD = 50;

/** Compact strictly above the threshold; at exactly 50 px the header is still expanded. */
export function isHeaderCompact(scrollY: number): boolean {
  return scrollY > HEADER_COMPACT_THRESHOLD;
}

/**
 * Tracks `isHeaderCompact(window.scrollY)` with a passive scroll listener, at most one update per
 * animation frame. Server render and first client render are expanded (`false`), so hydration
 * matches; the real position is read right after mount (e.g. a restored scroll position).
 */
export function useHeaderCompact(): boolean {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setCompact(isHeaderCompact(window.scrollY));
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);
  return compact;
}
