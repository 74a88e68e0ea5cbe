// The rings' fill animates `stroke-dashoffset`, which the compositor cannot animate: every
// frame of it is style, layout and paint on the main thread, on screen or not. CSS starts it
// at first paint (so it runs without JavaScript); once the page is live, rings that are not
// on screen yet wait at their first frame and fill when they come into view (decision 0033).

/** Holds the fill of every ring under `list` until the list is on screen. Returns the cleanup. */
export function fillWhenSeen(list: HTMLElement): () => void {
  const fills = Array.from(list.querySelectorAll(".w-stats__bar")).flatMap((bar) =>
    bar.getAnimations(),
  );
  const waiting = fills.filter((fill) => fill.playState !== "finished");
  if (waiting.length === 0) return () => {};
  let decided = false;
  const observer = new IntersectionObserver((entries) => {
    const onScreen = entries.some((entry) => entry.isIntersecting);
    if (!decided) {
      // The first answer tells where the list is now: on screen, the fill just goes on.
      decided = true;
      if (!onScreen) {
        for (const fill of waiting) {
          fill.pause();
          fill.currentTime = 0;
        }
        return;
      }
    }
    if (onScreen) {
      for (const fill of waiting) fill.play();
      observer.disconnect();
    }
  });
  observer.observe(list);
  return () => observer.disconnect();
}
