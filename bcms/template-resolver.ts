// Resolves a template name or id to the template (entry routes always use the id). The list is
// kept, but never forever: it is reloaded when a name is not found, when it is older than
// TEMPLATE_LIST_MAX_AGE_MS, and after a `template` socket event (invalidate()).
import type { Template } from "@thebcms/types";
import { BcmsTemplateNotFoundError } from "./errors";

/** Without socket events a renamed template is still noticed within this time. */
export const TEMPLATE_LIST_MAX_AGE_MS = 60_000;

export interface TemplateResolver {
  /** The template with this name or id; throws `Template with Name or ID "x" is not found`. */
  resolve(idOrName: string): Promise<Template>;
  /** Forget the list; the next lookup reloads it. */
  invalidate(): void;
}

export function createTemplateResolver(options: {
  loadTemplates: () => Promise<Template[]>;
  maxAgeMs?: number;
  now?: () => number;
}): TemplateResolver {
  const maxAgeMs = options.maxAgeMs ?? TEMPLATE_LIST_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  let list: Template[] | null = null;
  let loadedAt = 0;
  let loading: Promise<Template[]> | null = null;
  let generation = 0;

  // Concurrent lookups share one request.
  function load(): Promise<Template[]> {
    if (loading) return loading;
    const startedGeneration = generation;
    const request = options.loadTemplates().then((templates) => {
      // An invalidate() during the request means the answer may already be stale.
      if (startedGeneration === generation) {
        list = templates;
        loadedAt = now();
      }
      return templates;
    });
    loading = request;
    const clear = () => {
      if (loading === request) loading = null;
    };
    request.then(clear, clear);
    return request;
  }

  function find(templates: readonly Template[], idOrName: string): Template | undefined {
    return (
      templates.find((template) => template._id === idOrName) ??
      templates.find((template) => template.name === idOrName)
    );
  }

  return {
    async resolve(idOrName) {
      const fresh = list !== null && now() - loadedAt < maxAgeMs;
      let templates = fresh && list ? list : await load();
      let found = find(templates, idOrName);
      if (!found && fresh) {
        // Maybe created or renamed since the list was loaded.
        templates = await load();
        found = find(templates, idOrName);
      }
      if (!found) throw new BcmsTemplateNotFoundError(idOrName);
      return found;
    },
    invalidate() {
      generation++;
      list = null;
      loading = null;
    },
  };
}
