// What a request log line may show: query values that could carry a credential and the token
// of a signed download link are redacted. The logger itself is app/logging/logger.server.ts.

import { randomBytes } from "node:crypto";
import { DOWNLOAD_ROUTE_PREFIX } from "../../app/forms/model";
import { REDACTED } from "../../bcms/redact";
import { looselyDecoded } from "../addresses/request-path";
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

/**
 * The path as logged: the token of a signed download or preview link is a secret. The
 * prefixes are looked for in the decoded path, anywhere in it and in any case, so no other
 * spelling of a link (`/%5Fpreview/…`, `//_preview/…`) writes its token to the log.
 */
export function redactPath(rawPathname: string): string {
  const pathname = rawPathname.includes("%") ? looselyDecoded(rawPathname) : rawPathname;
  // Case too: `/_PREVIEW/<token>` is no preview, but its token is still one.
  const lowered = pathname.toLowerCase();
  const download = lowered.indexOf(DOWNLOAD_ROUTE_PREFIX);
  if (download !== -1) return `${pathname.slice(0, download)}${DOWNLOAD_ROUTE_PREFIX}${REDACTED}`;
  const preview = lowered.indexOf(PREVIEW_PATH_PREFIX);
  if (preview === -1) return rawPathname;
  const rest = pathname.slice(preview + PREVIEW_PATH_PREFIX.length);
  if (preview === 0 && rest.startsWith("api/")) return pathname;
  return `${pathname.slice(0, preview)}${PREVIEW_PATH_PREFIX}${REDACTED}${rest.endsWith("/events") ? "/events" : ""}`;
}

/** A random prefix per server (two processes never share an id) and a counter: cheap. */
export function requestIdSource(): () => string {
  const prefix = randomBytes(4).toString("hex");
  let count = 0;
  return () => {
    count += 1;
    return `${prefix}-${count.toString(36)}`;
  };
}
