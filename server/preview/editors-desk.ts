// The editors' desk at /_preview/: one password the operator sets (PREVIEW_DESK_PASSWORD), a
// session cookie signed with the site's key (so every instance takes it, and a new password
// ends every session), attempts counted in the shared store like preview checks. Everything
// it does is a plain form POST to /_preview/ (action=…): it works without JavaScript, and a
// cross-site POST is refused besides the cookie being SameSite=Strict.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { PRIVATE_NO_STORE } from "../../app/config/cache-control";
import { HOUR_MS } from "../../app/config/durations";
import { readCookie } from "../../app/forms/attribution";
import type { RequestFacts } from "../../app/forms/contract";
import type { SiteLogger } from "../../app/logging/logger.server";
import type { RedirectNotice } from "../../app/redirects/cms-redirects";
import type { PreviewContent } from "../rendering/server-build";
import { readLimitedBody } from "../security/request-intake";
import { deskOffPage, deskPage, signInPage } from "./desk-page";
import type { PreviewService } from "./preview-service";
import { isViewableTime } from "./timed-view-links";

export const DESK_COOKIE = "id5_desk";
export const DESK_SESSION_HOURS = 8;
const FORM_BODY_LIMIT = 4096;

export interface EditorsDeskOptions {
  /** PREVIEW_DESK_PASSWORD; unset: the desk says how to turn it on. */
  password?: string;
  siteKey: Buffer;
  siteOrigin: string;
  content: Pick<PreviewContent, "readDeskRows">;
  links: Pick<PreviewService, "rate" | "tooMany" | "createLink" | "revokeEntry" | "revokeAll">;
  /** The address of the timed view of `at` (ms), chosen at `timezoneOffset` (BCMS's sign). */
  timedViewLink?: (at: number, timezoneOffset: number) => Promise<string>;
  /** The CMS redirects the last merge left out, with why. */
  redirectNotices: () => readonly RedirectNotice[];
  logger: SiteLogger;
  now?: () => number;
}

/** What the pipeline knows of a desk request besides the request itself. */
export interface DeskRequestFacts extends RequestFacts {
  /** The visitor reached the site over https (the cookie is then Secure). */
  secure: boolean;
}

function deskHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": PRIVATE_NO_STORE,
    "X-Robots-Tag": "noindex",
    // As every preview answer: no address under /_preview/ is ever sent on as a Referer (so
    // the desk's own forms come with `Origin: null`, and Sec-Fetch-Site tells their site).
    "Referrer-Policy": "no-referrer",
    ...extra,
  };
}

function html(status: number, body: string, extra?: Record<string, string>): Response {
  return new Response(body, { status, headers: deskHeaders(extra) });
}

function seeOther(location: string, extra: Record<string, string> = {}): Response {
  return new Response(null, {
    status: 303,
    headers: deskHeaders({ Location: location, ...extra }),
  });
}

export class EditorsDesk {
  private readonly key: Buffer;
  private readonly now: () => number;

  constructor(private readonly options: EditorsDeskOptions) {
    this.key = createHmac("sha256", options.siteKey).update("editors-desk").digest();
    this.now = options.now ?? Date.now;
  }

  /** GET /_preview/: the desk, or its sign-in form, or how to turn it on. */
  async page(request: Request): Promise<Response> {
    if (!this.options.password) return html(404, deskOffPage());
    if (!this.hasSession(request)) return html(200, signInPage());
    const rows = await this.options.content.readDeskRows(this.now());
    const page = deskPage(rows, this.options.redirectNotices(), {
      notice: noticeOf(request),
      timedView: this.options.timedViewLink !== undefined,
    });
    return html(200, request.method === "HEAD" ? "" : page);
  }

  /** POST /_preview/: sign in or out, open a preview, revoke links. */
  async act(request: Request, facts: DeskRequestFacts): Promise<Response> {
    if (!this.options.password) return html(404, deskOffPage());
    if (this.isCrossSite(request)) {
      this.options.logger.warn("editors' desk: cross-site form refused");
      return html(403, signInPage("This form must be sent from the site itself."));
    }
    const rate = await this.options.links.rate(facts.clientAddress);
    if (!rate.allowed) return this.options.links.tooMany(rate.retryAfterSeconds);
    const limited = await readLimitedBody(request, FORM_BODY_LIMIT);
    if (limited === "too-large") return html(413, signInPage("The form was too large."));
    const form = new URLSearchParams(await limited.text());
    const action = form.get("action");
    if (action === "sign-in") return this.signIn(form.get("password") ?? "", facts);
    if (!this.hasSession(request)) return html(401, signInPage("Sign in first."));
    if (action === "sign-out")
      return seeOther("/_preview/", { "Set-Cookie": this.cookie("", 0, facts) });
    if (action === "timed-view") return this.timedView(form);
    return this.entryAction(action, form.get("template") ?? "", form.get("entry") ?? "");
  }

  /** A form sent from another site, as the browser tells (Sec-Fetch-Site, else Origin). */
  private isCrossSite(request: Request): boolean {
    const site = request.headers.get("sec-fetch-site");
    if (site !== null) return site !== "same-origin" && site !== "none";
    const origin = request.headers.get("origin");
    if (origin === null || origin === "null") return false;
    return origin !== this.options.siteOrigin && origin !== new URL(request.url).origin;
  }

  private signIn(given: string, facts: DeskRequestFacts): Response {
    const wanted = this.options.password ?? "";
    // Compared as hashes: equal lengths, and no timing difference by where they differ.
    if (!timingSafeEqual(sha256(given), sha256(wanted))) {
      this.options.logger.warn("editors' desk: wrong password", { client: facts.clientAddress });
      return html(401, signInPage("That password is not the desk's."));
    }
    const expiresAt = this.now() + DESK_SESSION_HOURS * HOUR_MS;
    this.options.logger.info("editors' desk: signed in", { client: facts.clientAddress });
    return seeOther("/_preview/", {
      "Set-Cookie": this.cookie(this.session(expiresAt), DESK_SESSION_HOURS * 3600, facts),
    });
  }

  private async entryAction(
    action: string | null,
    template: string,
    entry: string,
  ): Promise<Response> {
    const { links } = this.options;
    if (action === "revoke-all") {
      await links.revokeAll();
      return seeOther("/_preview/?done=revoked-all");
    }
    if (action === "revoke") {
      const revoked = await links.revokeEntry(template, entry);
      return revoked.ok ? seeOther("/_preview/?done=revoked") : this.page404(revoked.problem);
    }
    if (action === "preview") {
      const made = await links.createLink(template, entry);
      if (!made.ok) return this.page404(made.problem);
      this.options.logger.info("preview link made", {
        template,
        entryId: made.target.entryId,
        by: "desk",
      });
      // The link's own address: the preview is opened at once, on this site.
      return seeOther(new URL(made.url).pathname);
    }
    return html(400, signInPage(`Unknown action "${action ?? ""}".`));
  }

  /** Opens the site as it will be at the instant the form names (a row's, or one typed). */
  private async timedView(form: URLSearchParams): Promise<Response> {
    const link = this.options.timedViewLink;
    if (!link) return html(404, signInPage("The timed view is not available here."));
    const chosen = chosenInstant(form);
    if (typeof chosen === "string") return html(400, signInPage(chosen));
    this.options.logger.info("timed view opened", { at: new Date(chosen.at).toISOString() });
    return seeOther(await link(chosen.at, chosen.timezoneOffset));
  }

  private page404(problem: string): Response {
    return html(404, signInPage(problem));
  }

  /** `expiresAt.signature`: the signature covers the expiry and the password's hash. */
  private session(expiresAt: number): string {
    return `${expiresAt}.${this.sign(expiresAt)}`;
  }

  private sign(expiresAt: number): string {
    return createHmac("sha256", this.key)
      .update(`desk|${expiresAt}|`)
      .update(sha256(this.options.password ?? ""))
      .digest("base64url");
  }

  /** Whether the request carries a session this desk signed that has not expired. */
  hasSession(request: Request): boolean {
    const value = readCookie(request.headers.get("cookie"), DESK_COOKIE);
    const match = value ? /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
    if (!match) return false;
    const expiresAt = Number(match[1]);
    if (!(expiresAt > this.now())) return false;
    return timingSafeEqual(Buffer.from(match[2] ?? ""), Buffer.from(this.sign(expiresAt)));
  }

  private cookie(value: string, maxAgeSeconds: number, facts: DeskRequestFacts): string {
    return [
      `${DESK_COOKIE}=${value}`,
      "Path=/_preview/",
      `Max-Age=${maxAgeSeconds}`,
      "HttpOnly",
      "SameSite=Strict",
      ...(facts.secure ? ["Secure"] : []),
    ].join("; ");
  }
}

/**
 * The instant a timed-view form names: `at` (ms, a row's time) with its `offset`, or `when`
 * (a datetime-local value, YYYY-MM-DDTHH:MM) at `zone` (+HH:MM east of UTC, default UTC);
 * a string says what is wrong.
 */
export function chosenInstant(
  form: URLSearchParams,
): { at: number; timezoneOffset: number } | string {
  const given = form.get("at");
  if (given !== null) {
    const at = /^\d{1,16}$/.test(given) ? Number(given) : Number.NaN;
    const offset = /^-?\d{1,4}$/.test(form.get("offset") ?? "0")
      ? Number(form.get("offset") ?? 0)
      : Number.NaN;
    if (!isViewableTime(at, offset)) return "That time cannot be shown.";
    return { at, timezoneOffset: offset === 0 ? 0 : offset };
  }
  const when = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(
    form.get("when") ?? "",
  );
  const zone = /^(?:UTC)?\s*([+-])(\d{1,2}):?(\d{2})$|^(?:UTC|Z)?$/i.exec(
    (form.get("zone") ?? "").trim(),
  );
  if (!when) return "Give a date and time, such as 2030-03-04T09:00.";
  if (!zone) return "Give the offset from UTC as +HH:MM or -HH:MM (or leave it empty for UTC).";
  const [, year, month, day, hour, minute, second] = when.map(Number) as number[];
  const local = Date.UTC(year as number, (month as number) - 1, day, hour, minute, second || 0);
  const check = new Date(local);
  if (
    check.getUTCMonth() !== (month as number) - 1 ||
    check.getUTCDate() !== day ||
    (hour as number) > 23 ||
    (minute as number) > 59
  ) {
    return "That date does not exist.";
  }
  const east = zone[1] ? (zone[1] === "-" ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3])) : 0;
  // BCMS's sign (positive west of UTC): the editor's local time is UTC minus it.
  const timezoneOffset = east === 0 ? 0 : -east;
  const at = local - east * 60_000;
  if (!isViewableTime(at, timezoneOffset)) return "That time cannot be shown.";
  return { at, timezoneOffset };
}

const DONE_NOTICES: Record<string, string> = {
  revoked: "Every link made so far for that entry no longer opens.",
  "revoked-all": "Every preview link made so far no longer opens.",
};

function noticeOf(request: Request): string | undefined {
  const done = new URL(request.url).searchParams.get("done");
  return done ? DONE_NOTICES[done] : undefined;
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
