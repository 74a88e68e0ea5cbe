// Pure rules and small DOM helpers of the mobile menu, kept apart from the
// component so they can be unit-tested without a browser.

/** Top offset of the open menu (px): it sits right below the banner + header. */
export const MENU_OFFSET = 140;
export const MENU_OFFSET_COMPACT = 120;

/** The menu (and its toggle) exists below this viewport width; the desktop nav from here up. */
export const MOBILE_MENU_BREAKPOINT_PX = 960;
export const DESKTOP_MEDIA_QUERY = `(min-width: ${MOBILE_MENU_BREAKPOINT_PX}px)`;

export const MENU_LABEL_OPEN = "Open menu";
export const MENU_LABEL_CLOSE = "Close menu";

export function menuOffset(compact: boolean): number {
  return compact ? MENU_OFFSET_COMPACT : MENU_OFFSET;
}

/** The toggle's accessible name says what pressing it will do. */
export function menuToggleLabel(open: boolean): string {
  return open ? MENU_LABEL_CLOSE : MENU_LABEL_OPEN;
}

/**
 * Where Tab should go to keep focus inside the menu: the index to focus, or `null` to let the
 * browser move focus normally. Wraps last -> first (Tab) and first -> last (Shift+Tab), and pulls
 * focus back in when it is outside (`activeIndex` -1).
 */
export function focusTrapTarget(
  activeIndex: number,
  count: number,
  backwards: boolean,
): number | null {
  if (count === 0) return null;
  if (activeIndex < 0) return backwards ? count - 1 : 0;
  if (backwards && activeIndex === 0) return count - 1;
  if (!backwards && activeIndex === count - 1) return 0;
  return null;
}

const FOCUSABLE_SELECTOR =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focusable, rendered descendants of `container`, in tab order (DOM order; no positive tabindex here). */
export function getFocusableElements(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)).filter(
    (el) => !el.closest("[hidden], [inert]") && el.getClientRects().length > 0,
  );
}

interface StyleHolder {
  style: { overflow: string };
}

/**
 * Stops page scrolling by hiding overflow on <html> and <body>; returns the function that restores
 * the previous inline values. The scroll position is untouched, so nothing jumps on restore, and
 * `scrollbar-gutter: stable` (global.css) keeps the width when the scrollbar disappears.
 */
export function lockScroll(doc: { documentElement: StyleHolder; body: StyleHolder }): () => void {
  const { documentElement: html, body } = doc;
  const previous = [html.style.overflow, body.style.overflow] as const;
  html.style.overflow = "hidden";
  body.style.overflow = "hidden";
  return () => {
    html.style.overflow = previous[0];
    body.style.overflow = previous[1];
  };
}
