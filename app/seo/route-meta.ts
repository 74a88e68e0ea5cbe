// Glue between React Router's `meta` export and the metadata builder: every route calls
// pageMeta with its page head; the site origin comes from the root loader.
import type { MetaDescriptor } from "react-router";
import type { PageHead } from "../content/models";
import { buildMeta, buildNotFoundMeta } from "./build-meta";

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  error?: unknown;
}

export function siteOriginFrom(args: MetaArgsLike): string {
  const root = args.matches.find((m) => m?.id === "root")?.data;
  if (root && typeof root === "object" && "siteOrigin" in root) {
    const origin = (root as { siteOrigin: unknown }).siteOrigin;
    if (typeof origin === "string") return origin;
  }
  return "https://id5.io";
}

/** Meta for a page; an error (404 or other) gets the noindex error-page meta. */
export function pageMeta(args: MetaArgsLike, head: PageHead | undefined): MetaDescriptor[] {
  const siteOrigin = siteOriginFrom(args);
  const path = args.location.pathname;
  if (args.error || !head) return buildNotFoundMeta({ path, siteOrigin });
  return buildMeta({ ...head, path, siteOrigin });
}
