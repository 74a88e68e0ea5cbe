// A preview that runs. Its address is the signed link (/_preview/<token>), which no route
// matches and which must reach nobody but the site; the page it shows has a public path of its
// own (a meta the preview document carries). The router hydrates on that public path: the
// address is set to it for the router's start and put back to the link once the router exists,
// so a reload, or a copy of the address, is still the preview. Leaving the page in the app
// leaves the preview, visibly (the bar then says "Public page"); coming back to the page,
// by a link or the back button, loads the preview again as a document, for the router's data of
// that path would be its public version (none, for a draft). The page's own data is never
// fetched from inside a preview.
import { PREVIEW_PATH_PREFIX } from "../config/reserved-addresses";
import { dataUrl } from "./preload-route";
import { PREVIEW_LEFT_ATTRIBUTE, PREVIEW_PATH_META } from "./preview-names";

export { PREVIEW_LEFT_ATTRIBUTE, PREVIEW_PATH_META };

interface RouterLike {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

type RouterWindow = Window & { __reactRouterDataRouter?: RouterLike };

/** The previewed page's path when this document is a preview, else null. */
export function previewPathOf(doc: Document): string | null {
  if (!doc.location.pathname.startsWith(PREVIEW_PATH_PREFIX)) return null;
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${PREVIEW_PATH_META}"]`);
  const path = meta?.content ?? "";
  return path.startsWith("/") && !path.startsWith("//") ? path : null;
}

/** Without trailing slashes, "/" kept: how the router and the links compare paths. */
const samePath = (a: string, b: string) =>
  (a.replace(/\/+$/, "") || "/") === (b.replace(/\/+$/, "") || "/");

/**
 * Called before hydration, in a preview only. Returns nothing: it sets up the address, the
 * links, the back button and the data guard for the page's life.
 */
export function enterPreview(win: RouterWindow, pagePath: string): void {
  const link = win.location.href;
  const hash = win.location.hash;
  let router: RouterLike | undefined;
  const away = () => router !== undefined && !samePath(router.state.location.pathname, pagePath);

  // The router reads the address when it is made: it must read the page's path.
  win.history.replaceState(win.history.state, "", pagePath + hash);
  Object.defineProperty(win, "__reactRouterDataRouter", {
    configurable: true,
    get: () => router,
    set(value: RouterLike) {
      router = value;
      // The router has read the address (and stored its index in history.state): the link again.
      win.history.replaceState(win.history.state, "", link);
      value.subscribe(() => {
        if (away()) win.document.documentElement.setAttribute(PREVIEW_LEFT_ATTRIBUTE, "");
      });
    },
  });

  // Back (or a fragment) to the link's own history entry: the router matches no /_preview path.
  win.addEventListener("popstate", (event) => {
    if (!win.location.pathname.startsWith(PREVIEW_PATH_PREFIX)) return;
    event.stopImmediatePropagation();
    if (away()) win.location.reload();
  });

  win.addEventListener("click", (event) => onLinkClick(win, event, { link, pagePath, away }), {
    capture: true,
  });
  guardPageData(win, pagePath);
}

/**
 * A click on a link to the previewed page: to the page itself, the preview document again (a
 * fragment on it stays on the link's address); anything else is left to the router.
 */
function onLinkClick(
  win: Window,
  event: MouseEvent,
  { link, pagePath, away }: { link: string; pagePath: string; away: () => boolean },
): void {
  const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (
    !anchor ||
    event.button ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (anchor.target && anchor.target !== "_self") ||
    anchor.hasAttribute("download") ||
    anchor.origin !== win.location.origin ||
    !samePath(anchor.pathname, pagePath) ||
    anchor.search
  ) {
    return;
  }
  event.preventDefault();
  if (anchor.hash && !away()) win.location.hash = anchor.hash;
  else win.location.assign(anchor.hash ? `${link.replace(/#.*$/, "")}${anchor.hash}` : link);
}

/**
 * Refuses, in the browser, every request for the previewed page's own data: the public version
 * of the page (a prefetch of a link to it, a revalidation) must not replace what the editor sees.
 */
function guardPageData(win: Window, pagePath: string): void {
  const own = dataUrl(pagePath);
  const fetchOf = win.fetch.bind(win);
  win.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), win.location.href);
    if (url.origin === win.location.origin && url.pathname === own) {
      return Promise.reject(new TypeError("a preview does not load its page's public data"));
    }
    return fetchOf(input, init);
  };
}
