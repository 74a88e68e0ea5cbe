// Links in markup React did not render (the consent banner, placed as server-made HTML) are
// plain <a> elements: without help a click loads a whole new document. Delegated from their
// container, a click on a link to a page of this site becomes an in-app navigation, as a
// router link's would; anything a visitor means differently (a new tab, a download, another
// site, a modified click) is left to the browser. Without JavaScript they stay plain links.
// Ships in the shell chunk: keep it small.
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";

/** What the decision reads of a click (a MouseEvent in the browser; fakes in tests). */
export interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

interface Page {
  origin: string;
  pathname: string;
  search: string;
}

/**
 * The path (with query and hash) to navigate to in the app for `click`, or null when the
 * browser should handle it: no link, a modified or non-primary click, a link that opens
 * elsewhere or downloads, another origin, or a jump within the same page.
 */
export function inPlaceLinkPath(click: LinkClick, page: Page): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  const target = click.target as Element | null;
  const link = typeof target?.closest === "function" ? target.closest("a[href]") : null;
  if (!link) return null;
  const opensElsewhere = (link.getAttribute("target") ?? "_self") !== "_self";
  if (opensElsewhere || link.hasAttribute("download")) return null;
  const url = new URL(link.getAttribute("href") ?? "", `${page.origin}${page.pathname}`);
  if (url.origin !== page.origin) return null;
  if (url.hash && url.pathname === page.pathname && url.search === page.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A ref for the container of such markup: its links to this site navigate in place. */
export function useInPlaceLinks<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const onClick = (event: MouseEvent) => {
      const path = inPlaceLinkPath(event, window.location);
      if (path === null) return;
      event.preventDefault();
      navigate(path);
    };
    container.addEventListener("click", onClick);
    return () => container.removeEventListener("click", onClick);
  }, [navigate]);
  return ref;
}
