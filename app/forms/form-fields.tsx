// The fields of a CMS-defined form as the page renders them: each with its label, hint and
// message tied to it (aria-describedby), the consent checkbox and the honeypot.
import { RichNodes } from "~/components/rich-text/rich-nodes";
import type { RichNode } from "~/content/models";
import { sourceMark } from "~/content/source-marks";
import { CHECKED_VALUE, type FormDefinition, type FormField, SYSTEM_FIELDS } from "./model";

const INPUT_TYPES: Partial<Record<FormField["type"], string>> = {
  text: "text",
  email: "email",
  tel: "tel",
  url: "url",
};

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

export function Field({
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
  // Within a preview: the field's wording (label, hint, options) is the form entry's.
  const mark = sourceMark(form.source, `fields · ${field.name}`);
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
        {...mark}
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
      <div className="form__field form__check" {...mark}>
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
    <div className="form__field" {...mark}>
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

/** The consent checkbox with its wording, and its message when it was not ticked. */
export function ConsentField({
  form,
  consent,
  checked,
  error,
}: {
  form: FormDefinition;
  consent: NonNullable<FormDefinition["consent"]>;
  checked: boolean;
  error: string | undefined;
}) {
  const consentId = `${form.id}-${SYSTEM_FIELDS.consent}`;
  return (
    <div
      className="form__field form__check form__consent"
      {...sourceMark(form.source, "consent_label")}
    >
      <input
        type="checkbox"
        id={consentId}
        name={SYSTEM_FIELDS.consent}
        value={CHECKED_VALUE}
        required
        defaultChecked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${consentId}-error` : undefined}
      />
      <label htmlFor={consentId}>
        <RichNodes nodes={inline(consent.nodes)} />
        <RequiredMark />
      </label>
      {error && (
        <p className="form__error" id={`${consentId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The honeypot: hidden from people, tempting to bots. */
export function SpamTrap() {
  return (
    <div className="form__trap" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={SYSTEM_FIELDS.honeypot} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
