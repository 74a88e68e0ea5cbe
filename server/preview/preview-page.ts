// The document of a preview: the entry's page as the site renders it, without any of its
// scripts (it is not hydrated: the browser's address is the link, not the page's path, and
// the page works without JavaScript; nor may anything that reports the address run, as the
// address is the link), with the preview bar and the small inline script that refreshes it
// in place when the entry is edited (events from /_preview/<token>/events).
import { GTM_ID_ATTRIBUTE } from "../../app/consent/attributes";
import type {
  PreviewDescription,
  PreviewSchedule,
  PreviewTime,
} from "../../app/content/preview.server";
import { SOURCE_LABEL_SCRIPT, SOURCE_LABEL_STYLE } from "./source-labels";

/** `data-` attribute the refresh script sets on <html> after each refresh (tests wait on it). */
export const REFRESHED_ATTRIBUTE = "data-preview-refreshed";
/** Set on <html> while the page listens for edits. */
export const LIVE_ATTRIBUTE = "data-preview-live";
export const PREVIEW_BAR_ID = "preview-bar";

/**
 * Runs in the preview page, serialised with Function#toString: nothing from outside its body.
 * On an edit, or a reconnection (an edit may have been missed), the page is fetched again and
 * its body swapped in, the scroll kept; a link that became invalid gets the refusal so.
 */
function refreshOnEdits(refreshedAttribute: string, liveAttribute: string): void {
  const events = new EventSource(`${location.pathname}/events`);
  let busy = false;
  let again = false;
  let connected = false;
  const refresh = async (): Promise<void> => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      const response = await fetch(location.pathname, { cache: "no-store", credentials: "omit" });
      const next = new DOMParser().parseFromString(await response.text(), "text/html");
      const x = window.scrollX;
      const y = window.scrollY;
      document.title = next.title;
      document.body.replaceWith(document.adoptNode(next.body));
      window.scrollTo(x, y);
      document.documentElement.setAttribute(refreshedAttribute, String(Date.now()));
      if (!response.ok) events.close();
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
    document.documentElement.setAttribute(liveAttribute, "");
    if (connected) void refresh();
    connected = true;
  });
  events.addEventListener("error", () => document.documentElement.removeAttribute(liveAttribute));
}

const REFRESH_SCRIPT = `(${refreshOnEdits.toString()})(${JSON.stringify(REFRESHED_ATTRIBUTE)},${JSON.stringify(LIVE_ATTRIBUTE)});`;

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
    `<aside id="${PREVIEW_BAR_ID}" aria-label="Preview" style="${BAR_STYLE}">`,
    `<strong style="text-transform:uppercase;letter-spacing:0.05em">Preview</strong>`,
    `<span>Status: <strong data-preview="status">${escapeHtml(description.status)}</strong></span>`,
    `<span>${changed}</span>`,
    ...scheduleParts(description.schedule),
    publicLink,
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

const APP_ENTRY_TEMPLATE = /<template id="app-entry">[\s\S]*?<\/template>/g;
/**
 * Every script of the rendered page: the app's, the consent runtime (which loads the tag
 * manager, whose page view would send the link, a credential, to every tag), the attribution
 * recorder (which would keep the link in a cookie the CRM later receives), the first-paint
 * script. A preview runs its own script alone.
 */
const ANY_SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const TAG_MANAGER_ID = new RegExp(` ${GTM_ID_ATTRIBUTE}="[^"]*"`, "g");

/** The rendered page without any of its scripts (nor the tag manager's id): see ANY_SCRIPT. */
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
  const withHead = withoutScripts(html).replace(
    /<head>/,
    () => `<head><meta name="robots" content="noindex, nofollow">`,
  );
  const title = escapeHtml(`Preview: ${description.title}`);
  const withTitle = withHead.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`);
  const additions = `${previewBar(description)}<script>${REFRESH_SCRIPT}</script>${sourceLabels()}`;
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
