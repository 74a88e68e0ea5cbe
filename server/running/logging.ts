// What a request log line may show: query values that could carry a credential and the token
// of a signed download link are redacted. The logger itself is app/logging/logger.server.ts.

import { randomBytes } from "node:crypto";
import { DOWNLOAD_ROUTE_PREFIX } from "../../app/forms/model";
import { REDACTED } from "../../bcms/redact";
import { PREVIEW_PATH_PREFIX } from "../addresses/server-paths";

export { REDACTED };

const SENSITIVE_PARAM = /(api[-_]?key|token|secret|password|passwd|signature|^sig$|^key$|auth)/i;

/** The query string with the values of credential-like parameters replaced. */
export function redactSearch(search: string): string {
  if (search === "" || search === "?") return "";
  const params = new URLSearchParams(search);
  const out: string[] = [];
  for (const [key, value] of params) {
    const shown = SENSITIVE_PARAM.test(key) ? REDACTED : encodeURIComponent(value);
    out.push(`${encodeURIComponent(key)}=${shown}`);
  }
  return `?${out.join("&")}`;
}

/** The path as logged: the token of a signed download or preview link is a secret. */
export function redactPath(pathname: string): string {
  if (pathname.startsWith(DOWNLOAD_ROUTE_PREFIX)) return `${DOWNLOAD_ROUTE_PREFIX}${REDACTED}`;
  if (
    pathname.startsWith(PREVIEW_PATH_PREFIX) &&
    !pathname.startsWith(`${PREVIEW_PATH_PREFIX}api/`)
  ) {
    return `${PREVIEW_PATH_PREFIX}${REDACTED}${pathname.endsWith("/events") ? "/events" : ""}`;
  }
  return pathname;
}

/**
 * Request ids for log lines: a random prefix per server (so two processes never share one)
 * and a counter, cheap enough for every request. A request's lines (its access line, an
 * error while serving it) carry the same id.
 */
export function requestIdSource(): () => string {
  const prefix = randomBytes(4).toString("hex");
  let count = 0;
  return () => {
    count += 1;
    return `${prefix}-${count.toString(36)}`;
  };
}
