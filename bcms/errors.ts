// Typed failures of the BCMS library. None of them ever carries the API secret: messages are
// built from method, path and the server's `{message}` (redacted), and no request headers,
// URLs with credentials or raw low-level errors are attached.

/** A cancelled queue item fails with exactly this message. */
export const QUEUE_ITEM_CANCELED_MESSAGE = "Queue item has been canceled by user";

/** Unknown template name or id. */
export function templateNotFoundMessage(idOrName: string): string {
  return `Template with Name or ID "${idOrName}" is not found`;
}

export type BcmsErrorKind = "http" | "timeout" | "network" | "canceled" | "invalid-response";

export interface BcmsErrorDetails {
  method: string;
  /** Path of the request (no origin, no query, never a credential). */
  path: string;
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  /** The server's `{message}`, redacted; null when there was none. */
  serverMessage: string | null;
}

/** A BCMS HTTP call failed. Subclasses tell timeouts, network failures and cancellations apart. */
export class BcmsError extends Error implements BcmsErrorDetails {
  readonly kind: BcmsErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status: number | null;
  readonly serverMessage: string | null;

  constructor(message: string, details: BcmsErrorDetails, kind: BcmsErrorKind = "http") {
    super(message);
    this.name = "BcmsError";
    this.kind = kind;
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.serverMessage = details.serverMessage;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      method: this.method,
      path: this.path,
      status: this.status,
      serverMessage: this.serverMessage,
    };
  }
}

/** No complete response within the request timeout. */
export class BcmsTimeoutError extends BcmsError {
  readonly timeoutMs: number;
  constructor(method: string, path: string, timeoutMs: number) {
    super(
      `BCMS ${method} ${path} timed out after ${timeoutMs} ms`,
      { method, path, status: null, serverMessage: null },
      "timeout",
    );
    this.name = "BcmsTimeoutError";
    this.timeoutMs = timeoutMs;
  }
}

/** The server could not be reached or the connection broke (DNS, refused, reset). */
export class BcmsNetworkError extends BcmsError {
  /** Low-level error code such as ECONNREFUSED, when known. */
  readonly code: string | null;
  constructor(method: string, path: string, code: string | null, reason: string) {
    super(
      `BCMS ${method} ${path} failed: ${reason}`,
      { method, path, status: null, serverMessage: null },
      "network",
    );
    this.name = "BcmsNetworkError";
    this.code = code;
  }
}

/** The caller cancelled the request (queue item cancelled, AbortSignal aborted or client closed). */
export class BcmsCanceledError extends BcmsError {
  constructor(method: string, path: string) {
    super(
      QUEUE_ITEM_CANCELED_MESSAGE,
      { method, path, status: null, serverMessage: null },
      "canceled",
    );
    this.name = "BcmsCanceledError";
  }
}

/** The server answered 2xx with a body that is not what the API promises. */
export class BcmsResponseError extends BcmsError {
  constructor(method: string, path: string, status: number, reason: string) {
    super(
      `BCMS ${method} ${path} returned an invalid response: ${reason}`,
      { method, path, status, serverMessage: null },
      "invalid-response",
    );
    this.name = "BcmsResponseError";
  }
}

/** A template name or id that no template has. */
export class BcmsTemplateNotFoundError extends Error {
  readonly templateIdOrName: string;
  constructor(templateIdOrName: string) {
    super(templateNotFoundMessage(templateIdOrName));
    this.name = "BcmsTemplateNotFoundError";
    this.templateIdOrName = templateIdOrName;
  }
}

/** An entry payload that does not fit its template; names the entry and the property. */
export class BcmsValidationError extends Error {
  /** Human description of the entry, e.g. `Entry "hello" of template "blog-post" (en)`. */
  readonly entry: string;
  /** Dotted property path, e.g. `seo.title` or `items[2].title`. */
  readonly property: string;
  /** The rule's message, one of the constants of validation.ts. */
  readonly reason: string;
  constructor(entry: string, property: string, reason: string) {
    super(`${entry}, property "${property}": ${reason}`);
    this.name = "BcmsValidationError";
    this.entry = entry;
    this.property = property;
    this.reason = reason;
  }
}

/** Invalid client configuration (never echoes the secret). */
export class BcmsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BcmsConfigError";
  }
}

/** Socket failures: connection refused, rejected (401), timed out, closed before opening. */
export class BcmsSocketError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BcmsSocketError";
  }
}

/** Media of the wrong type for the operation. */
export class BcmsMediaTypeError extends Error {
  readonly mediaId: string | null;
  readonly mediaType: string | null;
  constructor(message: string, mediaId: string | null, mediaType: string | null) {
    super(message);
    this.name = "BcmsMediaTypeError";
    this.mediaId = mediaId;
    this.mediaType = mediaType;
  }
}
