// The document of a preview: the entry's page as the site renders it, run by the app's own
// client (./preview-start.ts, the head's first script, has it hydrate on the page's path), with the preview
// bar and the preview's own inline scripts: the live refresh (events from
// /_preview/<token>/events) and the source labels. Nothing that reports the address may run,
// as the address is the link, a credential: the render leaves the consent runtime (which loads
// the tag manager) and the attribution recorder empty (app/root.tsx), and this document keeps
// no other script than the app's start (the first-paint script, React Router's module script
// and context) and its own.
import { GTM_ID_ATTRIBUTE } from "../../app/consent/attributes";
import type {
  PreviewDescription,
  PreviewSchedule,
  PreviewTime,
} from "../../app/content/preview.server";
import { PREVIEW_LEFT_ATTRIBUTE, PREVIEW_LINK_GLOBAL, previewStartScript } from "./preview-start";
import { SOURCE_LABEL_SCRIPT, SOURCE_LABEL_STYLE } from "./source-labels";

/** `data-` attribute the refresh script sets on <html> after each refresh (tests wait on it). */
export const REFRESHED_ATTRIBUTE = "data-preview-refreshed";
/** Set on <html> while the page listens for edits. */
export const LIVE_ATTRIBUTE = "data-preview-live";
export const PREVIEW_BAR_ID = "preview-bar";

/** Set on <html> when a form of the page would have been sent (the bar says it was not). */
export const FORM_REFUSED_ATTRIBUTE = "data-preview-form-refused";
/** The entry's version a preview answer was made from (its HEAD tells the open page). */
export const PREVIEW_VERSION_HEADER = "X-Preview-Version";
/** sessionStorage key: where the editor was when an edit reloaded the preview. */
const SCROLL_KEY = "id5:preview-refresh";

interface RefreshNames {
  /** The global the preview's start keeps the link in (the address is the page's until the app runs). */
  link: string;
  refreshed: string;
  live: string;
  left: string;
  formRefused: string;
  scrollKey: string;
  versionHeader: string;
}

/**
 * Runs in the preview page, serialised with Function#toString: nothing from outside its body.
 * On an edit, or a reconnection (an edit may have been missed), the preview is loaded again,
 * once the server answers for it, and put back at the scroll position it had; a link that
 * became invalid gets the refusal so. A loaded page is the app's, so it is loaded again rather
 * than having its body swapped under it (with location.replace: a script's reload is held back
 * by the chunk reload guard, app/navigation/chunk-reload-guard.ts). A page so loaded compares
 * its entry's version with the server's once it listens, for an edit made while it loaded. An
 * editor who has left for a public page keeps it.
 */
function refreshOnEdits(names: RefreshNames): void {
  const self =
    (window as unknown as Record<string, string | undefined>)[names.link] ?? location.pathname;
  const root = document.documentElement;
  const bar = document.getElementById("preview-bar");
  const version = bar?.getAttribute("data-preview-version") ?? "";
  let reloaded = false;
  try {
    const saved = JSON.parse(sessionStorage.getItem(names.scrollKey) ?? "null");
    sessionStorage.removeItem(names.scrollKey);
    if (saved && saved.path === self) {
      reloaded = true;
      window.scrollTo(saved.x, saved.y);
      root.setAttribute(names.refreshed, String(Date.now()));
    }
  } catch {
    // Storage refused: the page loaded again starts at the top.
  }
  bar?.querySelector('[data-preview="back"]')?.setAttribute("href", self);
  // Any form the page itself did not handle (the consent banner's, one sent before the app
  // started): nothing is sent from a preview.
  window.addEventListener("submit", (event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    root.setAttribute(names.formRefused, "");
  });
  const events = new EventSource(`${self}/events`);
  let busy = false;
  let again = false;
  let connected = false;
  /** Loads the preview again; `onlyIfChanged`: only when the entry is not this page's version. */
  const refresh = async (onlyIfChanged = false): Promise<void> => {
    if (root.hasAttribute(names.left)) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      // Asked first, so a server out for a moment never leaves the editor an error page.
      const response = await fetch(self, {
        method: "HEAD",
        cache: "no-store",
        credentials: "omit",
      });
      const current = response.ok && response.headers.get(names.versionHeader) === version;
      if (onlyIfChanged && current) return;
      sessionStorage.setItem(
        names.scrollKey,
        JSON.stringify({ path: self, x: window.scrollX, y: window.scrollY }),
      );
      events.close();
      location.replace(self);
    } catch {
      // Offline for a moment: the next event (or reconnection) tries again.
    } finally {
      busy = false;
      if (again) {
        again = false;
        void refresh();
      }
    }
  };
  events.addEventListener("change", () => void refresh());
  events.addEventListener("ready", () => {
    root.setAttribute(names.live, "");
    if (connected) void refresh();
    else if (reloaded) void refresh(true);
    connected = true;
  });
  events.addEventListener("error", () => root.removeAttribute(names.live));
}

const REFRESH_NAMES: RefreshNames = {
  link: PREVIEW_LINK_GLOBAL,
  refreshed: REFRESHED_ATTRIBUTE,
  live: LIVE_ATTRIBUTE,
  left: PREVIEW_LEFT_ATTRIBUTE,
  formRefused: FORM_REFUSED_ATTRIBUTE,
  scrollKey: SCROLL_KEY,
  versionHeader: PREVIEW_VERSION_HEADER,
};
const REFRESH_SCRIPT = `(${refreshOnEdits.toString()})(${JSON.stringify(REFRESH_NAMES)});`;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

export const BAR_STYLE = [
  "position:fixed",
  "left:0",
  "right:0",
  "bottom:0",
  "z-index:2147483647",
  "display:flex",
  "flex-wrap:wrap",
  "gap:0.25rem 1rem",
  "align-items:center",
  "padding:0.6rem 1rem",
  "background:#1b1340",
  "color:#fff",
  "font:14px/1.4 system-ui,sans-serif",
  "box-shadow:0 -2px 8px rgba(0,0,0,0.3)",
].join(";");

/** The always-visible bar: that this is a preview, the status, what changed, the public page. */
export function previewBar(description: PreviewDescription): string {
  const changed = description.publicPath
    ? description.changedFields.length
      ? `Differs from the published version in: <span data-preview="changed">${escapeHtml(description.changedFields.join(", "))}</span>`
      : `<span data-preview="changed">Same as the published version</span>`
    : `<span data-preview="changed">Never published</span>`;
  const publicLink = description.publicPath
    ? `<a href="${escapeHtml(description.publicPath)}" target="_top" style="color:#fff;text-decoration:underline" data-preview="public-link">Public page</a>`
    : `<span data-preview="public-link">No public page yet</span>`;
  return [
    `<aside id="${PREVIEW_BAR_ID}" aria-label="Preview" data-preview-version="${escapeHtml(description.version ?? "")}" style="${BAR_STYLE}">`,
    `<strong style="text-transform:uppercase;letter-spacing:0.05em">Preview</strong>`,
    `<span>Status: <strong data-preview="status">${escapeHtml(description.status)}</strong></span>`,
    `<span>${changed}</span>`,
    ...scheduleParts(description.schedule),
    publicLink,
    // Shown once the editor has followed a link of the page elsewhere (BAR_STATES).
    `<span data-preview="left"><strong style="text-transform:uppercase;letter-spacing:0.05em">Public page</strong> `,
    `what visitors see, not this preview. `,
    `<a data-preview="back" data-no-prefetch style="color:#fff;text-decoration:underline">Back to the preview</a></span>`,
    `<span data-preview="form-refused">Forms are not sent from a preview.</span>`,
    "</aside>",
    // Room below the page's own content, so the bar never covers its end.
    `<div aria-hidden="true" style="height:4.5rem"></div>`,
  ].join("");
}

/** The bar's times: when the entry goes live and leaves, in UTC and at the editor's offset. */
function scheduleParts(schedule: PreviewSchedule | undefined): string[] {
  if (!schedule) return [];
  const time = (label: string, name: string, value: PreviewTime | undefined) =>
    value
      ? [
          `<span data-preview="${name}">${label} <time datetime="${escapeHtml(value.iso)}">${escapeHtml(value.utc)}</time> (${escapeHtml(value.editor)})</span>`,
        ]
      : [];
  return [
    ...time("Goes live", "goes-live", schedule.goesLive),
    ...time("Leaves", "leaves", schedule.leaves),
    ...(schedule.problem
      ? [
          `<span data-preview="schedule-problem">Schedule not used: ${escapeHtml(schedule.problem)}</span>`,
        ]
      : []),
  ];
}

/** What the bar shows in each state: a preview; a public page once left; a refused form. */
const BAR_STATES = [
  `#${PREVIEW_BAR_ID} [data-preview="left"],#${PREVIEW_BAR_ID} [data-preview="form-refused"]{display:none}`,
  `html[${PREVIEW_LEFT_ATTRIBUTE}] #${PREVIEW_BAR_ID}>:not([data-preview="left"]){display:none}`,
  `html[${PREVIEW_LEFT_ATTRIBUTE}] #${PREVIEW_BAR_ID}>[data-preview="left"]{display:inline}`,
  `html[${FORM_REFUSED_ATTRIBUTE}]:not([${PREVIEW_LEFT_ATTRIBUTE}]) #${PREVIEW_BAR_ID}>[data-preview="form-refused"]{display:inline}`,
].join("");

const ANY_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const TAG_MANAGER_ID = new RegExp(` ${GTM_ID_ATTRIBUTE}="[^"]*"`, "g");
/**
 * The first-paint script names its template (app/document/first-paint.server.ts, whose font
 * addresses only the build knows): what tells it from any other head script.
 */
const FIRST_PAINT_MARKER = '"entryTemplateId":"app-entry"';
/** React Router's context (the loaders' data) and its stream, and its module script. */
const ROUTER_CONTEXT_START = "window.__reactRouterContext";
const ROUTER_MODULE_MARKER = "window.__reactRouterRouteModules";
/** Scripts that hold data, which no browser runs (structured data). */
const DATA_SCRIPT = /^\s*type="application\/ld\+json"\s*$/;

/**
 * The scripts a preview keeps are the app's start and nothing else: any other script of the
 * rendered page (the consent runtime and the attribution recorder, which the preview's render
 * already leaves empty, or anything unforeseen) is kept as an empty element, so the page still
 * hydrates as rendered and nothing of it runs.
 */
function keptScript(element: string, attributes: string, text: string): string {
  const kept =
    (attributes === "" &&
      (text.startsWith(ROUTER_CONTEXT_START) || text.includes(FIRST_PAINT_MARKER))) ||
    (/^ type="module"( async="")?$/.test(attributes) && text.includes(ROUTER_MODULE_MARKER)) ||
    DATA_SCRIPT.test(attributes);
  return kept ? element : "<script></script>";
}

const APP_ENTRY_TEMPLATE = /<template id="app-entry">[\s\S]*?<\/template>/g;

/**
 * The rendered page without any of its scripts, the app's start included (nor the tag
 * manager's id): what a view that runs nothing of the page serves (the timed view).
 */
export function withoutScripts(html: string): string {
  return html
    .replace(APP_ENTRY_TEMPLATE, "")
    .replace(ANY_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace(TAG_MANAGER_ID, "");
}

/**
 * The preview document made from the page's rendered HTML. Every insertion goes through a
 * replacer function: a replacement string would expand `$'` or `$&` in an editor's text.
 */
export function previewDocument(html: string, description: PreviewDescription): string {
  const page = html
    .replace(ANY_SCRIPT, keptScript)
    .replace(MODULE_PRELOAD, "")
    .replace(TAG_MANAGER_ID, "");
  const start = `<script>${previewStartScript(description.path)}</script>`;
  const withHead = page.replace(
    /<head>/,
    () => `<head><meta name="robots" content="noindex, nofollow">${start}`,
  );
  const title = escapeHtml(`Preview: ${description.title}`);
  const withTitle = withHead.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`);
  const additions = `${previewBar(description)}<style>${BAR_STATES}</style><script>${REFRESH_SCRIPT}</script>${sourceLabels()}`;
  return withTitle.replace(/<\/body>/, () => `${additions}</body>`);
}

/** The outline and label of what each marked element comes from (source-labels.ts). */
function sourceLabels(): string {
  return `<style>${SOURCE_LABEL_STYLE}</style><script>${SOURCE_LABEL_SCRIPT}</script>`;
}

/** The refusal: the same plain page for every invalid link, whatever made it invalid. */
export const INVALID_LINK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Preview link not valid</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>This preview link is not valid</h1>
<p>It may have expired or been revoked. Ask for a new link.</p>
</body></html>
`;
