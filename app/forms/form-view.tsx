// A CMS-defined form. Without JavaScript it is a plain POST to the page's own URL: the
// server answers 303 to the outcome, or the page again with the messages and what the
// visitor typed. With JavaScript the same rules run first in the browser (validate.ts),
// then it is sent in place with a pending state; focus moves to the error summary, or the
// visitor follows the outcome. Every message is tied to its field (aria-describedby).
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useActionData, useNavigate, useNavigation, useSubmit } from "react-router";
import { RichNodes } from "~/components/rich-text/rich-nodes";
import type { RichNode } from "~/content/models";
import { pushGenerateLead } from "./lead";
import {
  CHECKED_VALUE,
  type FormActionData,
  type FormDefinition,
  type FormField,
  SYSTEM_FIELDS,
} from "./model";
import { checkSubmission } from "./validate";
import "./form-view.css";

const INPUT_TYPES: Partial<Record<FormField["type"], string>> = {
  text: "text",
  email: "email",
  tel: "tel",
  url: "url",
};

const NO_ERRORS: Record<string, string> = {};

export interface FormViewProps {
  form: FormDefinition;
  /** The signed time the page was rendered (empty when prerendered). */
  stamp: string;
  /** The inline success message after a no-JS send (PRG with ?sent=). */
  sentMessage?: string;
}

/** Block-level wording inside a label becomes inline (a label holds phrasing content). */
function inline(nodes: readonly RichNode[]): RichNode[] {
  return nodes.map((node) =>
    typeof node !== "string" && node.tag === "p" ? { ...node, tag: "span" as const } : node,
  );
}

function FieldHint({ id, help }: { id: string; help?: string }) {
  return help ? (
    <p className="form__help" id={id}>
      {help}
    </p>
  ) : null;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

function Field({
  form,
  field,
  value,
  error,
}: {
  form: FormDefinition;
  field: FormField;
  value: string | undefined;
  error: string | undefined;
}) {
  const id = `${form.id}-${field.name}`;
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const common = {
    id,
    name: field.name,
    required: field.required,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy(errorId, helpId),
  };
  const initial = value ?? field.value ?? "";
  if (field.type === "hidden") {
    return <input type="hidden" name={field.name} value={field.value ?? value ?? ""} />;
  }
  const message = error ? (
    <p className="form__error" id={errorId}>
      {error}
    </p>
  ) : null;
  if (field.type === "radio") {
    return (
      <fieldset
        className="form__field form__choices"
        aria-describedby={describedBy(errorId, helpId)}
        aria-invalid={error ? true : undefined}
      >
        <legend className="form__label">
          {field.label}
          {field.required && <RequiredMark />}
        </legend>
        <FieldHint id={helpId ?? ""} help={field.help} />
        {message}
        {field.options.map((option, index) => (
          <label className="form__choice" key={option.value}>
            <input
              type="radio"
              id={index === 0 ? id : `${id}-${index}`}
              name={field.name}
              value={option.value}
              required={field.required}
              defaultChecked={initial === option.value}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    );
  }
  if (field.type === "checkbox") {
    return (
      <div className="form__field form__check">
        <input
          type="checkbox"
          value={CHECKED_VALUE}
          defaultChecked={initial === CHECKED_VALUE}
          {...common}
        />
        <label htmlFor={id}>
          {field.label}
          {field.required && <RequiredMark />}
        </label>
        <FieldHint id={helpId ?? ""} help={field.help} />
        {message}
      </div>
    );
  }
  return (
    <div className="form__field">
      <label className="form__label" htmlFor={id}>
        {field.label}
        {field.required && <RequiredMark />}
      </label>
      <FieldHint id={helpId ?? ""} help={field.help} />
      {message}
      {field.type === "textarea" ? (
        <textarea
          rows={6}
          maxLength={field.maxLength}
          defaultValue={initial}
          autoComplete={field.autocomplete}
          {...common}
        />
      ) : field.type === "select" ? (
        <select defaultValue={initial} autoComplete={field.autocomplete} {...common}>
          <option value="">Choose…</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          type={INPUT_TYPES[field.type] ?? "text"}
          maxLength={field.maxLength}
          defaultValue={initial}
          autoComplete={field.autocomplete}
          {...common}
        />
      )}
    </div>
  );
}

function RequiredMark() {
  return (
    <span className="form__required">
      {" "}
      <span aria-hidden="true">*</span>
      <span className="visually-hidden">(required)</span>
    </span>
  );
}

function sentValues(element: HTMLFormElement): Map<string, string[]> {
  const sent = new Map<string, string[]>();
  for (const [name, value] of new FormData(element)) {
    if (typeof value !== "string") continue;
    sent.set(name, [...(sent.get(name) ?? []), value]);
  }
  return sent;
}

export function FormView({ form, stamp, sentMessage }: FormViewProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData() as FormActionData | undefined;
  const navigate = useNavigate();
  const [enhanced, setEnhanced] = useState(false);
  const [localErrors, setLocalErrors] = useState<Record<string, string> | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const followed = useRef<unknown>(null);

  useEffect(() => setEnhanced(true), []);

  const answer = actionData?.formId === form.id ? actionData : undefined;
  const serverErrors = answer?.status === "invalid" ? answer.errors : undefined;
  const errors = localErrors ?? serverErrors ?? NO_ERRORS;
  const values = answer && answer.status !== "sent" ? answer.values : undefined;
  const pending =
    navigation.state !== "idle" && navigation.formData?.get(SYSTEM_FIELDS.form) === form.id;
  const sent = answer?.status === "sent" ? answer : undefined;
  const message = sent?.message ?? sentMessage;
  const errorCount = Object.keys(errors).length;

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
    submit(element, { method: "post", preventScrollReset: true });
  };

  const headingId = `${form.id}-heading`;
  const fieldLabel = (name: string) =>
    name === SYSTEM_FIELDS.consent
      ? "Consent"
      : (form.fields.find((f) => f.name === name)?.label ?? name);
  const firstFieldId = (name: string) => `${form.id}-${name}`;

  if (message) {
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

  const consentId = `${form.id}-${SYSTEM_FIELDS.consent}`;
  const consentError = errors[SYSTEM_FIELDS.consent];
  return (
    <section className="form" aria-labelledby={headingId}>
      <h2 className="form__heading" id={headingId}>
        {form.heading ?? form.submitLabel}
      </h2>
      {form.intro && <p className="form__intro">{form.intro}</p>}
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
      {errorCount > 0 && (
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
        <div className="form__trap" aria-hidden="true">
          <label>
            Leave this field empty
            <input type="text" name={SYSTEM_FIELDS.honeypot} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        {form.consent && (
          <div className="form__field form__check form__consent">
            <input
              type="checkbox"
              id={consentId}
              name={SYSTEM_FIELDS.consent}
              value={CHECKED_VALUE}
              required
              defaultChecked={values?.[SYSTEM_FIELDS.consent] === CHECKED_VALUE}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? `${consentId}-error` : undefined}
            />
            <label htmlFor={consentId}>
              <RichNodes nodes={inline(form.consent.nodes)} />
              <RequiredMark />
            </label>
            {consentError && (
              <p className="form__error" id={`${consentId}-error`}>
                {consentError}
              </p>
            )}
          </div>
        )}
        <div className="form__actions">
          <button type="submit" className="button button--primary button--lg" disabled={pending}>
            {pending ? "Sending…" : form.submitLabel}
          </button>
        </div>
      </form>
    </section>
  );
}
