// What a loader adds for a page that carries a form: a fresh signed stamp (so the page is
// rendered per request: `private, no-store`, never cached or served from the prerendered
// files while the site is up) and, after a no-JS send, the inline success message.
import type { RouterContextProvider } from "react-router";
import { PRIVATE_NO_STORE } from "../config/cache-control";
import { formsContext } from "./context";
import type { FormDefinition } from "./model";
import { SENT_PARAM } from "./query-params";
import { issueStamp } from "./tokens.server";

/** Pages with a form hold a per-visitor stamp: no shared cache may keep them. */
export const FORM_PAGE_HEADERS = { "Cache-Control": PRIVATE_NO_STORE } as const;

export interface PageFormData {
  stamp: string;
  sentMessage?: string;
}

export function pageFormData(
  form: FormDefinition,
  context: Readonly<RouterContextProvider>,
  url: URL,
): PageFormData {
  const forms = context.get(formsContext);
  const stamp = forms ? issueStamp(form.id, Date.now(), forms.signer("form-stamp").sign) : "";
  const sent =
    form.outcome.kind === "message" && url.searchParams.get(SENT_PARAM) === form.id
      ? form.outcome.message
      : undefined;
  return { stamp, ...(sent ? { sentMessage: sent } : {}) };
}

/** A form page's `headers`: its loader's (no-store) and its action's (Retry-After on 429). */
export function formPageHeaders({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers;
  actionHeaders: Headers;
}): Headers {
  const merged = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => {
    merged.set(name, value);
  });
  return merged;
}
