// Hero entrance animation: text fades and slides in over 1 s with a 0.2 s stagger;
// the background gradient cycles every 10 s. The motion itself is CSS (hero.css), so it runs
// without JavaScript; this module holds the numbers and the target lookup.

export const HERO_ANIMATION_DURATION_MS = 1000;
export const HERO_ANIMATION_STAGGER_MS = 200;
export const HERO_GRADIENT_CYCLE_MS = 10_000;

/** Elements the hero animates carry this attribute; its value is the target's name. */
export const HERO_ANIMATION_ATTRIBUTE = "data-hero-animate";

export function unknownAnimationTargetMessage(name: string): string {
  return `Unknown animation target: ${name}`;
}

/** Start delays (ms) for `count` targets animated in order: 0, 200, 400, ... */
export function heroAnimationDelays(count: number, startIndex = 0): number[] {
  return Array.from(
    { length: Math.max(0, count) },
    (_, i) => (startIndex + i) * HERO_ANIMATION_STAGGER_MS,
  );
}

const escapeAttributeValue = (value: string) => value.replace(/["\\]/g, "\\$&");

/**
 * Looks up each named target (`[data-hero-animate="name"]`) under `root`. A name that matches
 * nothing is reported with `console.warn("Unknown animation target: name")` and left out of the
 * result; the others map to their elements, in the order the names were given.
 */
export function resolveAnimationTargets<E = Element>(
  root: { querySelectorAll(selector: string): ArrayLike<E> },
  names: readonly string[],
  warn: (message: string) => void = console.warn,
): Map<string, E[]> {
  const targets = new Map<string, E[]>();
  for (const name of names) {
    const elements = Array.from(
      root.querySelectorAll(`[${HERO_ANIMATION_ATTRIBUTE}="${escapeAttributeValue(name)}"]`),
    );
    if (elements.length === 0) warn(unknownAnimationTargetMessage(name));
    else targets.set(name, elements);
  }
  return targets;
}

/** Set on the hero while its background's motion is paused (hero.css). */
export const HERO_PAUSED_ATTRIBUTE = "data-hero-paused";

/**
 * Pauses the hero's background motion while the hero is off-screen or the tab is hidden, and
 * resumes it when both end. Without JavaScript the motion simply runs (Chromium draws no frame
 * for an off-screen layer or a hidden tab anyway; this stops the animation's clock as well).
 * Returns the cleanup.
 */
export function pauseWhenUnseen(root: HTMLElement): () => void {
  let onScreen = true;
  const update = () => {
    root.toggleAttribute(HERO_PAUSED_ATTRIBUTE, !onScreen || document.hidden);
  };
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) onScreen = entry.isIntersecting;
    update();
  });
  observer.observe(root);
  document.addEventListener("visibilitychange", update);
  update();
  return () => {
    observer.disconnect();
    document.removeEventListener("visibilitychange", update);
  };
}
