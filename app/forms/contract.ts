// The contract between the app and the server's forms service (server/forms/service.ts): the
// action hands it a checked submission and shows the visitor the outcome only once it is
// stored. The server passes it, with the client's address, through React Router's load
// context.
import type { PurposeSigner, SigningPurpose } from "./tokens.server";

/** UTM parameters kept with a submission, so marketing can attribute the lead. */
export const UTM_KEYS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** One touch: where a visit came from. */
export interface Touch {
  utm: Partial<Record<UtmKey, string>>;
  /** The external referrer of the visit's first page, if any. */
  referrer?: string;
  /** Path and query of the visit's first page. */
  landingPage: string;
  /** ISO time of the touch. */
  at: string;
}

export interface Attribution {
  firstTouch: Touch;
  lastTouch: Touch;
}

export type FieldValue = string | string[];

/** A validated submission, as stored and delivered. */
export interface SubmissionRecord {
  /** The form's slug (the id the page and the data layer use). */
  formId: string;
  /** The CMS entry id of the form definition. */
  formEntryId: string;
  /** Which definition of the form the visitor filled in (its last update time). */
  formVersion: string;
  /** The CRM destination tag of the form. */
  destination: string;
  /** The page the form was sent from. */
  pagePath: string;
  /** Field name -> value, exactly the fields of the definition (hidden ones included). */
  fields: Record<string, FieldValue>;
  /** The consent the visitor ticked: its wording version and text. */
  consent: { version: string; text: string } | null;
  attribution: Attribution | null;
  /** Why it was caught as spam ("honeypot", "too-fast", "bad-stamp", "no-stamp"), or null. */
  spam: string | null;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface FormsService {
  /**
   * Commits the submission durably (fsync, or the database's commit) and queues its
   * delivery; resolves with its id. Rejects when the store cannot take it.
   */
  record(submission: SubmissionRecord): Promise<{ id: string }>;
  /**
   * Counts one attempt of `key` (client address + form id) against the hourly limit, which
   * every instance of the site shares. `formId` names the form in the site's metrics.
   */
  checkRate(key: string, formId: string): Promise<RateDecision>;
  /** What signs (and checks) one purpose's values, each with its own key (tokens.server.ts). */
  signer(purpose: SigningPurpose): PurposeSigner;
  /** Seconds a person needs at least between receiving and sending a form. */
  minSubmitSeconds: number;
}

/** Per-request facts the server adds to the load context. */
export interface RequestFacts {
  /** The client's address (the socket peer, or the proxy's forwarded one when trusted). */
  clientAddress: string;
}
