/**
 * Entries of the `form` template: the forms shown below the body of the pages
 * that point to them (the `form` ENTRY_POINTER of page, universal-id-page and
 * resource entries).
 */
import { blocks, p } from "../dsl";
import type { EntrySpec } from "../entries";
import { entryRef, type Values } from "../values";

/** Slugs of the seed's forms. */
export type FormSlug =
  | "contact"
  | "universal-id-sign-up"
  | "partner-sign-up-omnicom"
  | "partner-sign-up-adobe"
  | "resource-download";

/** The value of a `form` prop: a pointer to one of the forms below. */
export const formRef = (slug: FormSlug) => entryRef("form", slug);

/** The version of the consent wordings below; change it whenever a wording changes. */
const CONSENT_VERSION = "2026-11";

type FieldType =
  | "text"
  | "email"
  | "tel"
  | "url"
  | "textarea"
  | "select"
  | "radio"
  | "checkbox"
  | "hidden";

interface FieldSpec {
  name: string;
  label: string;
  type: FieldType;
  help?: string;
  required?: boolean;
  options?: [value: string, label: string][];
  max?: number;
  value?: string;
  autocomplete?: string;
}

function field(f: FieldSpec): Values {
  return {
    name: f.name,
    label: f.label,
    type: f.type,
    help: f.help,
    required: f.required ?? false,
    options: f.options?.map(([value, label]) => ({ value, label })),
    max_length: f.max,
    value: f.value,
    autocomplete: f.autocomplete,
  };
}

interface FormSpec {
  slug: FormSlug;
  title: string;
  heading?: string;
  intro?: string;
  fields: FieldSpec[];
  /** the consent checkbox's wording (inline DSL syntax); none = no consent checkbox */
  consent?: string;
  submit: string;
  outcome: { redirect: string } | { message: string };
  destination: string;
}

function form(f: FormSpec): EntrySpec {
  return {
    template: "form",
    values: {
      title: f.title,
      slug: f.slug,
      heading: f.heading,
      intro: f.intro,
      fields: f.fields.map(field),
      consent_label: f.consent ? blocks(p(f.consent)) : undefined,
      consent_version: f.consent ? CONSENT_VERSION : undefined,
      submit_label: f.submit,
      outcome: "redirect" in f.outcome ? "redirect" : "message",
      redirect_path: "redirect" in f.outcome ? f.outcome.redirect : undefined,
      success_message: "message" in f.outcome ? f.outcome.message : undefined,
      destination: f.destination,
    },
  };
}

// --- fields shared by several forms ---

const fullName: FieldSpec = {
  name: "name",
  label: "Name",
  type: "text",
  required: true,
  autocomplete: "name",
  max: 120,
};
const firstName: FieldSpec = {
  name: "first_name",
  label: "First name",
  type: "text",
  required: true,
  autocomplete: "given-name",
  max: 80,
};
const lastName: FieldSpec = {
  name: "last_name",
  label: "Last name",
  type: "text",
  required: true,
  autocomplete: "family-name",
  max: 80,
};
const email: FieldSpec = {
  name: "email",
  label: "Email",
  type: "email",
  required: true,
  autocomplete: "email",
  max: 200,
};
const workEmail: FieldSpec = {
  ...email,
  label: "Work email",
  help: "Use your company address so we can match you with your organisation.",
};
const company: FieldSpec = {
  name: "company",
  label: "Company",
  type: "text",
  autocomplete: "organization",
  max: 160,
};
const website: FieldSpec = {
  name: "website",
  label: "Website",
  type: "url",
  required: true,
  help: "The main site or app you want to connect, starting with https://",
  autocomplete: "url",
  max: 300,
};
const role: FieldSpec = {
  name: "role",
  label: "Role",
  type: "text",
  autocomplete: "organization-title",
  max: 120,
};
const country: FieldSpec = {
  name: "country",
  label: "Country",
  type: "select",
  required: true,
  autocomplete: "country",
  options: [
    ["GB", "United Kingdom"],
    ["US", "United States"],
    ["CA", "Canada"],
    ["FR", "France"],
    ["DE", "Germany"],
    ["ES", "Spain"],
    ["IT", "Italy"],
    ["NL", "Netherlands"],
    ["BR", "Brazil"],
    ["JP", "Japan"],
    ["SG", "Singapore"],
    ["AU", "Australia"],
    ["other", "Another country"],
  ],
};
/** Who is signing up, so the CRM routes the lead to the right team. */
const audienceChoice: FieldSpec = {
  name: "audience",
  label: "I am signing up for",
  type: "radio",
  required: true,
  options: [
    ["media-owner", "A media owner: publisher, app or streaming service"],
    ["platform", "A platform: SSP, DSP or data platform"],
    ["email-service-provider", "An email service provider"],
    ["brand-or-agency", "A brand or an agency"],
  ],
};
/** Sign-ups through the agency-group partnership are agencies. */
const agencyAudience: FieldSpec = {
  name: "audience",
  label: "Audience",
  type: "hidden",
  value: "agency",
};
const partner = (value: string): FieldSpec => ({
  name: "partner",
  label: "Partner",
  type: "hidden",
  value,
});

const signUpConsent =
  "I have read the [ID5 ID Agreement](/legal/id5-id-agreement) and agree that ID5 may use these details to set up my account and contact me about the ID5 ID, as described in the [privacy policy](/trust/privacy-policy).";

export const forms: EntrySpec[] = [
  form({
    slug: "contact",
    title: "Contact form",
    heading: "Send us a message",
    intro: "Choose a topic and the right team will pick up your message.",
    fields: [
      fullName,
      email,
      company,
      {
        name: "topic",
        label: "Topic",
        type: "select",
        required: true,
        options: [
          ["partnerships", "Partnerships"],
          ["press", "Press"],
          ["support", "Support"],
          ["privacy", "Privacy"],
        ],
      },
      {
        name: "message",
        label: "Message",
        type: "textarea",
        required: true,
        max: 2000,
        help: "Tell us how we can help. For a question about your personal data, say which website or app it concerns; please do not include passwords or payment details.",
      },
    ],
    consent:
      "I agree that ID5 may use these details to reply to me, as described in the [privacy policy](/trust/privacy-policy).",
    submit: "Send message",
    outcome: {
      message:
        "Thank you, your message has reached our team. We aim to reply within one working day.",
    },
    destination: "crm:contact",
  }),
  form({
    slug: "universal-id-sign-up",
    title: "Universal ID sign-up",
    heading: "Sign up for the ID5 ID",
    intro:
      "It takes about two minutes. Our partnerships team replies within one working day with the next steps.",
    fields: [audienceChoice, firstName, lastName, workEmail, company, website, role, country],
    consent: signUpConsent,
    submit: "Sign up",
    outcome: { redirect: "/universal-id/thanks" },
    destination: "crm:universal-id",
  }),
  form({
    slug: "partner-sign-up-omnicom",
    title: "Partner sign-up: Omnicom",
    heading: "Register through the Omnicom partnership",
    intro:
      "Your registration goes to the joint ID5 and Omnicom team, who contact you within two working days.",
    fields: [
      firstName,
      lastName,
      workEmail,
      company,
      website,
      role,
      country,
      agencyAudience,
      partner("omnicom"),
    ],
    consent:
      "I have read the [ID5 ID Agreement](/legal/id5-id-agreement) and agree that ID5 may use these details, and share them with the Omnicom partnership team, to set up my account and contact me about the partnership, as described in the [privacy policy](/trust/privacy-policy).",
    submit: "Register",
    outcome: { redirect: "/universal-id/thanks-omnicom" },
    destination: "crm:partner-omnicom",
  }),
  form({
    slug: "partner-sign-up-adobe",
    title: "Partner sign-up: Adobe",
    heading: "Connect ID5 with Adobe",
    intro:
      "Tell us about your set-up and our integrations team will reply within two working days.",
    fields: [
      firstName,
      lastName,
      workEmail,
      company,
      website,
      role,
      {
        name: "adobe_products",
        label: "Adobe products you use",
        type: "select",
        required: true,
        options: [
          ["experience-cloud", "Adobe Experience Cloud"],
          ["advertising", "Adobe Advertising"],
          ["both", "Both"],
          ["not-sure", "Not sure yet"],
        ],
      },
      country,
      partner("adobe"),
    ],
    consent: signUpConsent,
    submit: "Send request",
    outcome: { redirect: "/universal-id/thanks-adobe" },
    destination: "crm:partner-adobe",
  }),
  form({
    slug: "resource-download",
    title: "Resource download",
    heading: "Get the download",
    intro:
      "Tell us a little about yourself and the download link appears on the next page. It stays valid for 24 hours.",
    fields: [
      fullName,
      workEmail,
      { ...company, required: true },
      {
        name: "job_title",
        label: "Job title",
        type: "text",
        autocomplete: "organization-title",
        max: 120,
      },
    ],
    consent:
      "I agree that ID5 may use these details to provide the download and to follow up with me about it, as described in the [privacy policy](/trust/privacy-policy).",
    submit: "Get the download",
    outcome: { redirect: "/resources/thank-you" },
    destination: "crm:resource-download",
  }),
];
