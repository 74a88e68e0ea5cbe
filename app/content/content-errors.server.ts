// What a visitor gets when content is missing or the CMS cannot be read: a 404 that names
// the path, or a 503 with a short apology. Every loader of the content layer runs under it.
import { data } from "react-router";
import { BcmsError, BcmsTemplateNotFoundError } from "../../bcms";
import { logger } from "./log.server";

/** The 404 body names the missing path (`Page Not Found: /x`); root.tsx shows it. */
export const NOT_FOUND_PREFIX = "Page Not Found: ";
export const CONTENT_UNAVAILABLE_MESSAGE =
  "The content service is unavailable. Please try again shortly.";

export function notFound(path: string): never {
  throw data(`${NOT_FOUND_PREFIX}${path}`, { status: 404, statusText: "Not Found" });
}

/** Runs a loader body; CMS faults become a 503 response instead of a crash. */
export async function withContent<T>(path: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof BcmsError || error instanceof BcmsTemplateNotFoundError) {
      logger.error("Content unavailable", { path, error: error.message });
      throw data(CONTENT_UNAVAILABLE_MESSAGE, { status: 503, statusText: "Service Unavailable" });
    }
    throw error;
  }
}
