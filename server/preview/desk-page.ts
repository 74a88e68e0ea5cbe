// The editors' desk's HTML: plain forms and links, no script, readable at 375 px. Every value
// from the CMS is escaped; the preview links are made only when an editor asks for one.
import type { DeskRow, DeskRowKind } from "../../app/content/editors-desk.server";
import type { RedirectNotice } from "../../app/redirects/cms-redirects";
import { escapeHtml } from "./preview-page";

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#111;background:#f6f7f9}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
ul{list-style:none;padding:0;margin:0}
li{background:#fff;border:1px solid #d7dbe0;border-radius:6px;padding:.75rem;margin:.5rem 0;
display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
.what{flex:1 1 20rem;min-width:0;overflow-wrap:anywhere}
.kind{display:inline-block;font-size:.8rem;font-weight:600;padding:0 .4rem;border-radius:4px;background:#e6ebf2}
.refused .kind{background:#fde2e1}
form{display:inline}
button{font:inherit;padding:.4rem .8rem;border-radius:4px;border:1px solid #1a4d8f;background:#1a4d8f;color:#fff;cursor:pointer}
button.quiet{background:#fff;color:#1a4d8f}
button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
input{font:inherit;padding:.4rem;border:1px solid #888;border-radius:4px;max-width:100%}
.notice{background:#fff8d6;border:1px solid #e2c44d;padding:.5rem .75rem;border-radius:6px}
header{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.5rem}
`;

const KIND_LABELS: Record<DeskRowKind, string> = {
  publish: "Goes live",
  unpublish: "Leaves",
  draft: "Draft",
  reworked: "Reworked",
  refused: "Refused",
};

function documentOf(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The desk when PREVIEW_DESK_PASSWORD is not set: how to turn it on. */
export function deskOffPage(): string {
  return documentOf(
    "Editors' desk is off",
    `<h1>The editors' desk is off</h1><p>To turn it on, set <code>PREVIEW_DESK_PASSWORD</code> (16 characters or more) on every instance of the site and start them again. Editors then sign in here with that password.</p>`,
  );
}

/** The sign-in form; `problem`: why the last try failed. */
export function signInPage(problem?: string): string {
  return documentOf(
    "Editors' desk: sign in",
    `<h1>Editors' desk</h1>${problem ? `<p class="notice" role="alert">${escapeHtml(problem)}</p>` : ""}<form method="post" action="/_preview/"><input type="hidden" name="action" value="sign-in"><p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p><p><button type="submit">Sign in</button></p></form>`,
  );
}

function entryForm(
  action: string,
  row: Pick<DeskRow, "template" | "entryId">,
  label: string,
  quiet = false,
): string {
  return `<form method="post" action="/_preview/"><input type="hidden" name="action" value="${action}"><input type="hidden" name="template" value="${escapeHtml(row.template)}"><input type="hidden" name="entry" value="${escapeHtml(row.entryId)}"><button type="submit"${quiet ? ' class="quiet"' : ""}>${label}</button></form>`;
}

function rowItem(row: DeskRow, more = ""): string {
  const actions = `${
    row.path
      ? `${entryForm("preview", row, "Open preview")}${entryForm("revoke", row, "Revoke its links", true)}`
      : ""
  }${more}`;
  return `<li class="${row.kind}" data-desk-row="${row.kind}" data-entry="${escapeHtml(row.entryId)}"><span class="what"><span class="kind">${KIND_LABELS[row.kind]}</span> <strong>${escapeHtml(row.title)}</strong> <span>(${escapeHtml(row.template)} · ${escapeHtml(row.name)})</span><br>${escapeHtml(row.detail)}</span>${actions}</li>`;
}

function redirectItem(notice: RedirectNotice): string {
  const what = notice.kind === "refused" ? "Refused" : "Not applied";
  return `<li class="refused" data-desk-row="redirect"><span class="what"><span class="kind">${what}</span> <strong>Redirect ${escapeHtml(notice.from ?? "(no from)")}</strong> <span>(redirect · ${escapeHtml(notice.entryId)})</span><br>${escapeHtml(notice.problem)}</span></li>`;
}

/** A row's button: the whole site as it will be at the row's time. */
function timedViewForm(row: DeskRow): string {
  if (row.at === undefined) return "";
  return `<form method="post" action="/_preview/" data-timed-view-row><input type="hidden" name="action" value="timed-view"><input type="hidden" name="at" value="${row.at}"><input type="hidden" name="offset" value="${row.timezoneOffset ?? 0}"><button type="submit" class="quiet">See the site then</button></form>`;
}

/** The form of an instant the editor types: a date and time, at UTC or their own offset. */
function timedViewPicker(): string {
  return `<section aria-labelledby="timed-view"><h2 id="timed-view">The site at a chosen time</h2><form method="post" action="/_preview/" class="picker"><input type="hidden" name="action" value="timed-view"><p><label for="when">Date and time</label><br><input id="when" name="when" type="datetime-local" required></p><p><label for="zone">Offset from UTC</label><br><input id="zone" name="zone" placeholder="+02:00" size="8" aria-describedby="zone-help"> <small id="zone-help">+HH:MM or -HH:MM; empty for UTC</small></p><p><button type="submit">See the site then</button></p></form></section>`;
}

/** The desk: every entry whose public face differs from the CMS, and what the site refused. */
export function deskPage(
  rows: readonly DeskRow[],
  redirects: readonly RedirectNotice[],
  options: { notice?: string; timedView?: boolean } = {},
): string {
  const { notice, timedView = false } = options;
  const item = (row: DeskRow) => rowItem(row, timedView ? timedViewForm(row) : "");
  const times = rows.filter((row) => row.kind === "publish" || row.kind === "unpublish");
  const drafts = rows.filter((row) => row.kind === "draft" || row.kind === "reworked");
  const refused = rows.filter((row) => row.kind === "refused");
  const section = (title: string, items: string[], empty: string) =>
    `<h2>${title}</h2>${items.length > 0 ? `<ul>${items.join("")}</ul>` : `<p>${empty}</p>`}`;
  return documentOf(
    "Editors' desk",
    `<header><h1>Editors' desk</h1><span>${entryForm("revoke-all", { template: "", entryId: "" }, "Revoke every preview link", true)} <form method="post" action="/_preview/"><input type="hidden" name="action" value="sign-out"><button type="submit" class="quiet">Sign out</button></form></span></header>${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ""}${section("Scheduled, soonest first", times.map(item), "Nothing is scheduled.")}${timedView ? timedViewPicker() : ""}${section("Drafts and reworked pages", drafts.map(item), "Every entry is as visitors see it.")}${section("Refused by the site", [...refused.map(item), ...redirects.map(redirectItem)], "Nothing is refused.")}`,
  );
}
