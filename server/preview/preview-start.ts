// A preview that runs. Its address is the signed link (/_preview/<token>), which no route
// matches and which must reach nobody but the site; the page it shows has a public path of its
// own. The router hydrates on that public path: the address is set to it for the router's start
// and put back to the link once the router exists, so a reload, or a copy of the address, is
// still the preview. Leaving the page in the app leaves the preview, visibly (the bar then says
// "Public page"); coming back to the page, by a link or the back button, loads the preview again
// as a document, for the router's data of that path would be its public version (none, for a
// draft). The page's own data is never fetched from inside a preview.
//
// It runs as an inline script at the top of the preview document's head, before any module
// script: the public pages' JavaScript carries nothing of it.
import { PREVIEW_PATH_PREFIX } from "../../app/config/reserved-addresses";
import { dataRequestOfPage, withoutTrailingSlashes } from "../../app/navigation/page-paths";

/** Set on <html> once the editor has left the preview for a public page (the bar shows it). */
export const PREVIEW_LEFT_ATTRIBUTE = "data-preview-left";
/** Where the start keeps the link for the preview's other scripts (the address is the page's). */
export const PREVIEW_LINK_GLOBAL = "id5PreviewLink";

export interface PreviewStartNames {
  /** The previewed page's public path. */
  pagePath: string;
  /** Its data request (`/news/x.data`), which the preview never makes. */
  ownData: string;
  /** Where every preview address starts. */
  prefix: string;
  left: string;
  linkGlobal: string;
}

interface RouterLike {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

/**
 * Serialised with Function#toString: nothing from outside its body. Sets up the address, the
 * links, the back button and the data guard for the page's life.
 */
export function enterPreview(win: Window, names: PreviewStartNames): void {
  const { pagePath } = names;
  const link = win.location.href;
  const linkPath = win.location.pathname;
  const hash = win.location.hash;
  let router: RouterLike | undefined;
  /** Without trailing slashes, "/" kept: how the router and the links compare paths. */
  const samePath = (a: string, b: string) =>
    (a.replace(/\/+$/, "") || "/") === (b.replace(/\/+$/, "") || "/");
  const away = () => router !== undefined && !samePath(router.state.location.pathname, pagePath);
  (win as unknown as Record<string, string>)[names.linkGlobal] = linkPath;

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
        if (away()) win.document.documentElement.setAttribute(names.left, "");
      });
    },
  });

  // Back (or a fragment) to the link's own history entry: the router matches no preview path.
  win.addEventListener("popstate", (event) => {
    if (!win.location.pathname.startsWith(names.prefix)) return;
    event.stopImmediatePropagation();
    if (away()) win.location.reload();
  });

  // A click on a link to the previewed page: to the page itself, the preview document again
  // (a fragment on it stays on the link's address); anything else is left to the router.
  win.addEventListener(
    "click",
    (event) => {
      const target = event.target as Element | null;
      const anchor = target?.closest?.("a[href]") as HTMLAnchorElement | null;
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
    },
    { capture: true },
  );

  // Every request for the page's own data is refused: the public version of the page (a
  // prefetch of a link to it, a revalidation) must not replace what the editor sees.
  const fetchOf = win.fetch.bind(win);
  win.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), win.location.href);
    if (url.origin === win.location.origin && url.pathname === names.ownData) {
      return Promise.reject(new TypeError("a preview does not load its page's public data"));
    }
    return fetchOf(input, init);
  };
}

/** The names the start of a preview of `pagePath` runs with. */
export function previewStartNames(pagePath: string): PreviewStartNames {
  const pathname = pagePath.replace(/[?#].*$/, "");
  return {
    pagePath,
    ownData: dataRequestOfPage(withoutTrailingSlashes(pathname)),
    prefix: PREVIEW_PATH_PREFIX,
    left: PREVIEW_LEFT_ATTRIBUTE,
    linkGlobal: PREVIEW_LINK_GLOBAL,
  };
}

/** The inline script's text: `<` escaped so no path can close the element. */
export function previewStartScript(pagePath: string): string {
  const names = JSON.stringify(previewStartNames(pagePath)).replace(/</g, "\\u003c");
  return `(${enterPreview.toString()})(window,${names});`;
}
