// A CMS-defined form. Without JavaScript it is a plain POST to the page's own URL: the
// server answers 303 to the outcome, or the page again with the messages and what the
// visitor typed. With JavaScript the same rules run first in the browser (validate.ts),
// then it is sent in place with a pending state; focus moves to the error summary, or the
// visitor follows the outcome. Every message is tied to its field (aria-describedby).
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import {
  useActionData,
  useNavigate,
  useNavigation,
  useRouteLoaderData,
  useSubmit,
} from "react-router";
import { sourceMark } from "~/content/source-marks";
import { ConsentField, Field, SpamTrap } from "./form-fields";
import { pushGenerateLead } from "./lead";
import { CHECKED_VALUE, type FormActionData, type FormDefinition, SYSTEM_FIELDS } from "./model";
import { checkSubmission } from "./validate";
import "./form-view.css";

const NO_ERRORS: Record<string, string> = {};

/** What a form says in a preview when it would have been sent. */
export const PREVIEW_REFUSAL =
  "This is a preview: forms are not sent from it. The public page sends them.";

export interface FormViewProps {
  form: FormDefinition;
  /** The signed time the page was rendered (empty when prerendered). */
  stamp: string;
  /** The inline success message after a no-JS send (PRG with ?sent=). */
  sentMessage?: string;
}

function sentValues(element: HTMLFormElement): Map<string, string[]> {
  const sent = new Map<string, string[]>();
  for (const [name, value] of new FormData(element)) {
    if (typeof value !== "string") continue;
    sent.set(name, [...(sent.get(name) ?? []), value]);
  }
  return sent;
}

/**
 * The form's state: the server's answer to it (messages, what was typed, the outcome), the
 * browser's own check, whether it is on its way, and where focus goes when that changes.
 */
function useFormAnswer(form: FormDefinition) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData() as FormActionData | undefined;
  const navigate = useNavigate();
  const [enhanced, setEnhanced] = useState(false);
  const [localErrors, setLocalErrors] = useState<Record<string, string> | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const followed = useRef<unknown>(null);
  // A preview checks what was typed as the page would, and sends nothing (root.tsx).
  const preview = (useRouteLoaderData("root") as { preview?: true } | undefined)?.preview;
  const [refused, setRefused] = useState(0);

  useEffect(() => setEnhanced(true), []);

  useEffect(() => {
    if (refused) statusRef.current?.focus();
  }, [refused]);

  const answer = actionData?.formId === form.id ? actionData : undefined;
  const serverErrors = answer?.status === "invalid" ? answer.errors : undefined;
  const errors = localErrors ?? serverErrors ?? NO_ERRORS;
  const values = answer && answer.status !== "sent" ? answer.values : undefined;
  const pending =
    navigation.state !== "idle" && navigation.formData?.get(SYSTEM_FIELDS.form) === form.id;
  const sent = answer?.status === "sent" ? answer : undefined;

  // Focus the summary whenever a new set of messages appears.
  useEffect(() => {
    if (Object.keys(errors).length > 0) summaryRef.current?.focus();
  }, [errors]);

  useEffect(() => {
    // After the page's revalidation: a navigation started during it is cut short.
    if (!sent || followed.current === sent || navigation.state !== "idle") return;
    followed.current = sent;
    pushGenerateLead(window, form.id);
    if (sent.redirectTo) navigate(sent.redirectTo);
    else statusRef.current?.focus();
  }, [sent, form.id, navigate, navigation.state]);

  useEffect(() => {
    if (answer?.status === "rate-limited" || answer?.status === "unavailable") {
      statusRef.current?.focus();
    }
  }, [answer]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const checked = checkSubmission(form, sentValues(element));
    if (Object.keys(checked.errors).length > 0) {
      setLocalErrors(checked.errors);
      return;
    }
    setLocalErrors(null);
    if (preview) setRefused((count) => count + 1);
    else submit(element, { method: "post", preventScrollReset: true });
  };

  return {
    answer,
    errors,
    values,
    pending,
    sent,
    enhanced,
    onSubmit,
    summaryRef,
    statusRef,
    refused: refused > 0 && Object.keys(errors).length === 0,
  };
}

function SentNotice({
  form,
  headingId,
  message,
  statusRef,
}: {
  form: FormDefinition;
  headingId: string;
  message: string;
  statusRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <section className="form form--sent" aria-labelledby={headingId}>
      <h2 className="form__heading" id={headingId}>
        {form.heading ?? "Thank you"}
      </h2>
      <div className="form__status" role="status" tabIndex={-1} ref={statusRef}>
        <p>{message}</p>
      </div>
    </section>
  );
}

/** The messages of a refused send, each a link to its field. */
function ErrorSummary({
  form,
  errors,
  summaryRef,
}: {
  form: FormDefinition;
  errors: Record<string, string>;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  const errorCount = Object.keys(errors).length;
  const fieldLabel = (name: string) =>
    name === SYSTEM_FIELDS.consent
      ? "Consent"
      : (form.fields.find((f) => f.name === name)?.label ?? name);
  const firstFieldId = (name: string) => `${form.id}-${name}`;
  return (
    <div
      className="form__summary"
      role="alert"
      aria-labelledby={`${form.id}-summary-title`}
      tabIndex={-1}
      ref={summaryRef}
    >
      <h3 className="form__summary-title" id={`${form.id}-summary-title`}>
        {errorCount === 1 ? "There is a problem" : `There are ${errorCount} problems`}
      </h3>
      <ul>
        {Object.entries(errors).map(([name, text]) => (
          <li key={name}>
            <a href={`#${firstFieldId(name)}`}>
              {fieldLabel(name)}: {text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FormView({ form, stamp, sentMessage }: FormViewProps) {
  const {
    answer,
    errors,
    values,
    pending,
    sent,
    enhanced,
    onSubmit,
    summaryRef,
    statusRef,
    refused,
  } = useFormAnswer(form);
  const message = sent?.message ?? sentMessage;
  const headingId = `${form.id}-heading`;

  if (message) {
    return <SentNotice form={form} headingId={headingId} message={message} statusRef={statusRef} />;
  }

  return (
    <section className="form" aria-labelledby={headingId}>
      <h2
        className="form__heading"
        id={headingId}
        {...sourceMark(form.source, form.heading ? "heading" : "submit_label")}
      >
        {form.heading ?? form.submitLabel}
      </h2>
      {form.intro && (
        <p className="form__intro" {...sourceMark(form.source, "intro")}>
          {form.intro}
        </p>
      )}
      {(answer?.status === "rate-limited" || answer?.status === "unavailable") && (
        <div
          className="form__status form__status--problem"
          role="alert"
          tabIndex={-1}
          ref={statusRef}
        >
          <p>{answer.message}</p>
        </div>
      )}
      {refused && (
        <div
          className="form__status form__status--problem"
          role="alert"
          tabIndex={-1}
          ref={statusRef}
          data-form-status="preview"
        >
          <p>{PREVIEW_REFUSAL}</p>
        </div>
      )}
      {Object.keys(errors).length > 0 && (
        <ErrorSummary form={form} errors={errors} summaryRef={summaryRef} />
      )}
      <form
        method="post"
        // The page's own URL, back at this form: without JavaScript the answer opens here.
        action={`#${form.id}`}
        className="form__body"
        data-form={form.id}
        noValidate={enhanced}
        onSubmit={enhanced ? onSubmit : undefined}
        aria-busy={pending || undefined}
      >
        <input type="hidden" name={SYSTEM_FIELDS.form} value={form.id} />
        <input
          type="hidden"
          name={SYSTEM_FIELDS.stamp}
          value={(answer?.status !== "sent" && answer?.stamp) || stamp}
        />
        {enhanced && <input type="hidden" name={SYSTEM_FIELDS.enhanced} value="1" />}
        {form.fields.map((field) => (
          <Field
            key={field.name}
            form={form}
            field={field}
            value={values?.[field.name]}
            error={errors[field.name]}
          />
        ))}
        <SpamTrap />
        {form.consent && (
          <ConsentField
            form={form}
            consent={form.consent}
            checked={values?.[SYSTEM_FIELDS.consent] === CHECKED_VALUE}
            error={errors[SYSTEM_FIELDS.consent]}
          />
        )}
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary button--lg"
            disabled={pending}
            {...sourceMark(form.source, "submit_label")}
          >
            {pending ? "Sending…" : form.submitLabel}
          </button>
        </div>
      </form>
    </section>
  );
}
