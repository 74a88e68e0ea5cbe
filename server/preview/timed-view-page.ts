// The document of the desk's timed view: the page as the site renders it at the chosen
// instant, without any of its scripts (as a preview: its address is a link, and nothing may
// report it), its links into the site kept inside the view, and a bar saying which instant
// it shows with the way back to the desk.
import { offsetLabel, utcLabel } from "../../app/content/schedule.server";
import {
  ASSETS_PATH_PREFIX,
  BUILDS_PATH_PREFIX,
  PREVIEW_PATH_PREFIX,
} from "../addresses/server-paths";
import { BAR_STYLE, escapeHtml, withoutScripts } from "./preview-page";
import { type TimedViewClaims, timedViewPath } from "./timed-view-links";

export const TIMED_VIEW_BAR_ID = "timed-view-bar";

/** What the bar says of the instant: in UTC, and at the editor's offset. */
export function viewTimeLabels(claims: Pick<TimedViewClaims, "at" | "timezoneOffset">) {
  return {
    iso: new Date(claims.at).toISOString(),
    utc: utcLabel(claims.at),
    editor: offsetLabel({ at: claims.at, timezoneOffset: claims.timezoneOffset }),
  };
}

/**
 * `value` (an href or a form's action, as written in the HTML) inside the view, when it names
 * a page of this site; anything else (another site, an anchor, the build's files, the
 * previews' own addresses) as it is.
 */
export function keptInView(value: string, token: string, siteOrigin: string): string {
  const origin = siteOrigin.replace(/\/+$/, "");
  const local = value.startsWith(`${origin}/`) ? value.slice(origin.length) : value;
  if (!local.startsWith("/") || local.startsWith("//") || local.startsWith("/\\")) return value;
  const lower = local.toLowerCase();
  if (
    lower.startsWith(PREVIEW_PATH_PREFIX) ||
    lower.startsWith("/%5f") ||
    lower.startsWith(ASSETS_PATH_PREFIX) ||
    lower.startsWith(BUILDS_PATH_PREFIX)
  ) {
    return value;
  }
  return timedViewPath(token, local);
}

const LINKING_TAG = /<(a|area|form)\b[^>]*>/gi;
const LINK_ATTRIBUTE = /(\s(?:href|action)\s*=\s*)("([^"]*)"|'([^']*)')/gi;

/** Every link and form of the page that names a page of this site, inside the view. */
export function linksKeptInView(html: string, token: string, siteOrigin: string): string {
  return html.replace(LINKING_TAG, (tag) =>
    tag.replace(
      LINK_ATTRIBUTE,
      (_whole, before: string, _quoted, double?: string, single?: string) => {
        const written = double ?? single ?? "";
        // Attribute values are HTML-escaped: compared and rewritten as the URL they stand for.
        const url = written.replace(/&amp;/g, "&");
        const kept = keptInView(url, token, siteOrigin);
        return kept === url ? _whole : `${before}"${escapeHtml(kept)}"`;
      },
    ),
  );
}

/** The always-visible bar: the instant shown, the way back to the desk, this page now. */
export function timedViewBar(claims: TimedViewClaims, sitePath: string): string {
  const time = viewTimeLabels(claims);
  const link = (href: string, name: string, text: string) =>
    `<a href="${escapeHtml(href)}" style="color:#fff;text-decoration:underline" data-timed-view="${name}">${text}</a>`;
  return [
    `<aside id="${TIMED_VIEW_BAR_ID}" aria-label="Timed view" style="${BAR_STYLE}">`,
    `<strong style="text-transform:uppercase;letter-spacing:0.05em">Timed view</strong>`,
    `<span data-timed-view="at">The site as it will be at <time datetime="${escapeHtml(time.iso)}">${escapeHtml(time.utc)}</time> (${escapeHtml(time.editor)})</span>`,
    link(PREVIEW_PATH_PREFIX, "desk", "Back to the desk"),
    link(sitePath, "now", "This page now"),
    "</aside>",
    `<div aria-hidden="true" style="height:4.5rem"></div>`,
  ].join("");
}

/**
 * The view's document from the page's rendered HTML. Every insertion goes through a
 * replacer function: a replacement string would expand `$'` or `$&` in an editor's text.
 */
export function timedViewDocument(
  html: string,
  view: { token: string; claims: TimedViewClaims; sitePath: string; siteOrigin: string },
): string {
  const page = linksKeptInView(withoutScripts(html), view.token, view.siteOrigin);
  const withHead = page.replace(
    /<head>/,
    () => `<head><meta name="robots" content="noindex, nofollow">`,
  );
  const at = viewTimeLabels(view.claims).utc;
  const withTitle = withHead.replace(
    /<title>([\s\S]*?)<\/title>/,
    (_whole, title: string) => `<title>${escapeHtml(`At ${at}: `)}${title}</title>`,
  );
  return withTitle.replace(/<\/body>/, () => `${timedViewBar(view.claims, view.sitePath)}</body>`);
}

/** Why a form sent from the timed view goes nowhere. */
export const TIMED_VIEW_FORM_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not sent</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>Forms are not sent from a timed view</h1>
<p>This is the site as it will be, seen from the editors' desk: nothing typed here reaches anyone. <a href="${PREVIEW_PATH_PREFIX}">Back to the desk</a>.</p>
</body></html>
`;
