// A page's `head` loader data: its metadata built for the requested path against the
// canonical site origin, and its document language.
import { getEnv } from "~/config/env.server";
import type { PageHead } from "~/content/models";
import { buildMeta } from "./build-meta.server";
import type { LoadedHead } from "./route-meta";

export function pageHead(url: URL, head: PageHead): LoadedHead {
  const meta = buildMeta({ ...head, path: url.pathname, siteOrigin: getEnv().siteOrigin });
  return head.lang ? { meta, lang: head.lang } : { meta };
}
