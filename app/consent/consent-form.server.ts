// POST /consent: the banner's form without JavaScript. Stores the choice in the same cookie
// the runtime writes, then returns to the page it was sent from (303), to the saved notice.
// Global Privacy Control (`Sec-GPC: 1`) keeps advertising denied, as in the browser.

import { NO_STORE } from "../config/cache-control";
import { consentSetCookie } from "./choice";
import { CONSENT_RETURN_FIELD, CONSENT_SAVED_ID } from "./consent-form";

const CHOICES = new Set(["accept", "reject", "save"]);
const MAX_VERSION_LENGTH = 100;
const MAX_RETURN_LENGTH = 2000;

/** A path of this site to return to; anything else (another host, a scheme) returns home. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || value.length > MAX_RETURN_LENGTH) return "/";
  const path = value.split("#")[0] ?? "";
  if (!path.startsWith("/") || path.startsWith("//") || /[\\\s]/.test(path)) return "/";
  return path;
}

export async function handleConsentPost(request: Request, now = Date.now()): Promise<Response> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return badRequest("The choice could not be read.");
  }
  const choice = form.get("choice");
  const version = form.get("version");
  if (typeof choice !== "string" || !CHOICES.has(choice)) {
    return badRequest("Choose Accept all, Reject all or Save choices.");
  }
  if (typeof version !== "string" || version.length > MAX_VERSION_LENGTH) {
    return badRequest("The choice could not be read.");
  }
  const gpc = request.headers.get("sec-gpc")?.trim() === "1";
  const ticked = (name: string) => choice === "accept" || (choice === "save" && form.has(name));
  const cookie = consentSetCookie(
    {
      version,
      analytics: ticked("analytics"),
      advertising: ticked("advertising") && !gpc,
      at: Math.floor(now / 1000),
    },
    new URL(request.url).protocol === "https:",
  );
  const target = `${safeReturnPath(form.get(CONSENT_RETURN_FIELD))}#${CONSENT_SAVED_ID}`;
  return new Response(null, {
    status: 303,
    headers: { Location: target, "Set-Cookie": cookie, "Cache-Control": NO_STORE },
  });
}

function badRequest(message: string): Response {
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE },
  });
}
