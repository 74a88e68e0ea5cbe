// The action behind every form (contact, sign-up, gated download): a real POST to the
// page's own URL. Order: shape of the request (type, origin, size, form id, names) ->
// rate limit -> field rules -> spam checks -> durable store -> outcome.
// Without JavaScript the outcome is a 303 (PRG); with it (`_js=1`) the answer is data and
// the browser follows it. Bad requests are 4xx with a clear message, logged without any
// personal data (form id, page and reason only).
import { data, type RouterContextProvider, redirect } from "react-router";
import { logger } from "~/content/log.server";
import { ATTRIBUTION_COOKIE, decodeAttribution, readCookie } from "./attribution";
import { formsContext, requestFactsContext } from "./context";
import type { FieldValue, RateDecision } from "./contract";
import { MAX_FORM_BODY_BYTES } from "./limits";
import { CHECKED_VALUE, type FormActionData, type FormDefinition, SYSTEM_FIELDS } from "./model";
import { SENT_PARAM } from "./query-params";
import { stampAgeSeconds } from "./tokens.server";
import { checkSubmission, type SentValues, shapeProblem } from "./validate";

export const FORM_ERRORS = {
  contentType:
    "This address accepts forms only (application/x-www-form-urlencoded or multipart/form-data).",
  tooLarge: "The form was too large to accept. Please shorten your message and try again.",
  malformed: "The form could not be read. Please go back and try again.",
  method: "Forms are sent with POST.",
  unknownForm: "This form does not exist on this page. Please reload the page and try again.",
  shape: "The form did not match the page. Please reload the page and try again.",
  unavailable: "Forms cannot be sent just now. Please try again in a few minutes.",
  rateLimited: (minutes: number) =>
    `You have sent this form many times in a short while. Please try again in ${minutes} minute${
      minutes === 1 ? "" : "s"
    }.`,
} as const;

/** What a 503 asks the client to wait before sending again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 60;

/** An error as its code or name: never its message, which may quote data. */
function errorCode(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? code : error.name;
  }
  return "error";
}

export interface FormPage {
  /** The page's own path (/contact, /partner-sign-up/omnicom ...). */
  path: string;
  form: FormDefinition | undefined;
  /**
   * Where a successful submission goes instead of the form's redirect path (the gated
   * download's signed link), given the submission's redirect path.
   */
  afterRedirect?: (path: string) => Promise<string> | string;
}

function reject(status: number, message: string, page: string, reason: string, formId?: string) {
  logger.warn("Form rejected", { path: page, status, reason, ...(formId ? { form: formId } : {}) });
  return data(message, { status });
}

function acceptsContentType(type: string | null): boolean {
  const base = type?.split(";")[0]?.trim().toLowerCase();
  return base === "application/x-www-form-urlencoded" || base === "multipart/form-data";
}

async function readSent(request: Request): Promise<SentValues | "too-large" | "malformed"> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_FORM_BODY_BYTES) return "too-large";
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return "malformed";
  }
  const sent = new Map<string, string[]>();
  for (const [name, value] of form) {
    if (typeof value !== "string") return "malformed"; // no file uploads in our forms
    const list = sent.get(name);
    if (list) list.push(value);
    else sent.set(name, [value]);
  }
  return sent;
}

/** The partner-sign-up screens reuse the universal-id ones: stay in the section. */
export function outcomePathFor(pagePath: string, redirectPath: string): string {
  if (pagePath.startsWith("/partner-sign-up/") && redirectPath.startsWith("/universal-id/")) {
    return `/partner-sign-up/${redirectPath.slice("/universal-id/".length)}`;
  }
  return redirectPath;
}

function keptValues(sent: SentValues, form: FormDefinition): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const field of form.fields) {
    const value = sent.get(field.name)?.[0];
    if (value !== undefined) kept[field.name] = value.slice(0, field.maxLength * 2);
  }
  const consent = sent.get(SYSTEM_FIELDS.consent)?.[0];
  if (consent === CHECKED_VALUE) kept[SYSTEM_FIELDS.consent] = CHECKED_VALUE;
  return kept;
}

export async function handleFormAction(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  page: FormPage,
) {
  const { request, context } = args;
  const path = page.path;
  if (request.method !== "POST") {
    throw reject(405, FORM_ERRORS.method, path, `method ${request.method}`);
  }
  if (!acceptsContentType(request.headers.get("content-type"))) {
    throw reject(400, FORM_ERRORS.contentType, path, "content-type");
  }
  const sent = await readSent(request);
  if (sent === "too-large") throw reject(413, FORM_ERRORS.tooLarge, path, "too-large");
  if (sent === "malformed") throw reject(400, FORM_ERRORS.malformed, path, "malformed");

  const formId = sent.get(SYSTEM_FIELDS.form)?.[0];
  const form = page.form;
  if (!form || !formId || formId !== form.id) {
    throw reject(400, FORM_ERRORS.unknownForm, path, formId ? "unknown-form" : "missing-form-id");
  }
  const problem = shapeProblem(form, sent);
  if (problem) throw reject(400, FORM_ERRORS.shape, path, problem, form.id);

  const forms = context.get(formsContext);
  if (!forms) throw reject(503, FORM_ERRORS.unavailable, path, "no-forms-service", form.id);

  const now = Date.now();
  const sentStamp = sent.get(SYSTEM_FIELDS.stamp)?.[0] ?? "";
  const age = stampAgeSeconds(sentStamp, form.id, now, forms.signer("form-stamp"));
  // A form shown again keeps its first stamp, so fixing a field is not "too fast".
  const kept = {
    values: keptValues(sent, form),
    ...(age !== undefined ? { stamp: sentStamp } : {}),
  };

  // The store could not be asked or could not keep it: nothing is acknowledged, and the
  // visitor gets the form back as they filled it (503), with or without JavaScript.
  const unavailable = (step: "rate-check" | "store", error: unknown) => {
    logger.error("Form submission could not be stored", {
      path,
      form: form.id,
      step,
      // The error's code or name only: a driver's message may quote what was sent.
      error: errorCode(error),
    });
    return data<FormActionData>(
      { status: "unavailable", formId: form.id, message: FORM_ERRORS.unavailable, ...kept },
      { status: 503, headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) } },
    );
  };

  const facts = context.get(requestFactsContext);
  let rate: RateDecision;
  try {
    rate = await forms.checkRate(`${facts?.clientAddress ?? "unknown"}|${form.id}`, form.id);
  } catch (error) {
    return unavailable("rate-check", error);
  }
  if (!rate.allowed) {
    logger.warn("Form rate-limited", { path, form: form.id });
    const minutes = Math.max(1, Math.ceil(rate.retryAfterSeconds / 60));
    return data<FormActionData>(
      {
        status: "rate-limited",
        formId: form.id,
        message: FORM_ERRORS.rateLimited(minutes),
        ...kept,
      },
      { status: 429, headers: { "Retry-After": String(rate.retryAfterSeconds) } },
    );
  }

  const checked = checkSubmission(form, sent);
  if (Object.keys(checked.errors).length > 0) {
    return data<FormActionData>(
      {
        status: "invalid",
        formId: form.id,
        errors: checked.errors,
        ...kept,
      },
      { status: 422 },
    );
  }

  const honeypot = sent.get(SYSTEM_FIELDS.honeypot)?.[0]?.trim();
  // A stamp proves the form was shown by this site a while ago; an empty one proves nothing
  // (anyone can send it), so it is held as spam like a forged one: kept for review, never
  // delivered. A page prerendered for an outage carries one: its few senders are in the export.
  const emptyStamp = sent.get(SYSTEM_FIELDS.stamp)?.[0] === "";
  const spam = honeypot
    ? "honeypot"
    : age === undefined
      ? emptyStamp
        ? "no-stamp"
        : "bad-stamp"
      : age < forms.minSubmitSeconds
        ? "too-fast"
        : null;

  try {
    // Committed before the answer; the service logs it (id, form, page; never its fields).
    await forms.record({
      formId: form.id,
      formEntryId: form.entryId,
      formVersion: form.version,
      destination: form.destination,
      pagePath: path,
      fields: checked.values as Record<string, FieldValue>,
      consent: form.consent ? { version: form.consent.version, text: form.consent.text } : null,
      attribution: decodeAttribution(readCookie(request.headers.get("cookie"), ATTRIBUTION_COOKIE)),
      spam,
    });
  } catch (error) {
    return unavailable("store", error);
  }

  const enhanced = sent.get(SYSTEM_FIELDS.enhanced)?.[0] === "1";
  if (form.outcome.kind === "message") {
    if (enhanced) {
      return data<FormActionData>({
        status: "sent",
        formId: form.id,
        message: form.outcome.message,
      });
    }
    return redirect(`${path}?${SENT_PARAM}=${encodeURIComponent(form.id)}#${form.id}`, 303);
  }
  const target = outcomePathFor(path, form.outcome.path);
  const to = page.afterRedirect ? await page.afterRedirect(target) : target;
  if (enhanced) return data<FormActionData>({ status: "sent", formId: form.id, redirectTo: to });
  return redirect(to, 303);
}
