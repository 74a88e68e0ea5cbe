/** Entry routes: `template/{templateId}/entry/...`. */
import type { Entry, EntryParsed, Template } from "@thebcms/types";
import { buildCreatedEntry, buildUpdatedEntry } from "../entry-writes";
import { notFound, readJsonBody } from "../http";
import { isObjectId } from "../ids";
import {
  type AppContext,
  type Route,
  type RouteContext,
  route,
  sendItem,
  sendItems,
} from "../router";
import { planEntryDelete } from "../schema-writes";

/** The client always sends the template `_id`; a name is accepted too, which costs nothing. */
export function requireTemplate(app: AppContext, idOrName: string): Template {
  const template = isObjectId(idOrName)
    ? app.store.get("templates", idOrName)
    : app.store.list("templates").find((item) => item.name === idOrName);
  if (!template) throw notFound(`Template with ID "${idOrName}" does not exist`);
  return template;
}

/** Stores a created or updated entry, then tells the socket's listeners. */
async function commitEntry(app: AppContext, template: Template, entry: Entry): Promise<void> {
  await app.store.commit([{ kind: "entries", id: entry._id, value: entry }]);
  app.sockets.broadcast({
    en: "entry",
    ed: { type: "update", templateId: template._id, entryId: entry._id },
  });
}

function requireEntry(app: AppContext, template: Template, id: string): Entry {
  const entry = isObjectId(id) ? app.store.get("entries", id) : undefined;
  if (!entry || entry.templateId !== template._id)
    throw notFound(`Entry with ID "${id}" does not exist`);
  return entry;
}

function* mapEach<T, U>(items: readonly T[], map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}

/** Each entry parsed as the list is written (one at a time: see sendJsonList). */
function* parsedEach(app: AppContext, entries: readonly Entry[]): Generator<EntryParsed> {
  for (const entry of entries) {
    const parsed = app.parser.parseEntry(entry);
    if (parsed) yield parsed;
  }
}

/** Entries having the status (id or label) in any language: BCMS does not say which language counts. */
function entriesByStatus(context: RouteContext): Entry[] {
  const { app, params } = context;
  const template = requireTemplate(app, params.tid ?? "");
  const status = app.store.findStatus(params.status ?? "");
  if (!status) throw notFound(`Entry status "${params.status}" does not exist`);
  return app.store
    .entriesOf(template._id)
    .filter((entry) => entry.statuses.some((value) => value.id === status._id));
}

/** `{idOrSlug}/parse`: an id first, then a slug in any language, the default language winning. */
function findByIdOrSlug(app: AppContext, template: Template, idOrSlug: string): Entry {
  if (isObjectId(idOrSlug)) {
    const entry = app.store.get("entries", idOrSlug);
    if (entry && entry.templateId === template._id) return entry;
  }
  const entries = app.store.entriesOf(template._id);
  const defaultLng = app.store.defaultLanguage()?.code;
  const inDefault = entries.find((entry) => {
    const meta = entry.meta.find((item) => item.lng === defaultLng);
    return meta && app.parser.slugsOf({ ...entry, meta: [meta] }).includes(idOrSlug);
  });
  const found = inDefault ?? entries.find((entry) => app.parser.slugsOf(entry).includes(idOrSlug));
  if (!found) throw notFound(`Entry with ID "${idOrSlug}" does not exist`);
  return found;
}

export const entryRoutes: Route[] = [
  route("GET", "template/:tid/entry/all/lite", (context) => {
    const template = requireTemplate(context.app, context.params.tid ?? "");
    sendItems(
      context,
      mapEach(context.app.store.entriesOf(template._id), (entry) =>
        context.app.parser.toLite(entry),
      ),
    );
  }),
  route("GET", "template/:tid/entry/all/parsed", (context) => {
    const template = requireTemplate(context.app, context.params.tid ?? "");
    sendItems(context, parsedEach(context.app, context.app.store.entriesOf(template._id)));
  }),
  route("GET", "template/:tid/entry/all", (context) => {
    const template = requireTemplate(context.app, context.params.tid ?? "");
    sendItems(context, context.app.store.entriesOf(template._id));
  }),
  route("GET", "template/:tid/entry/all_by_status/:status/parsed", (context) => {
    sendItems(context, parsedEach(context.app, entriesByStatus(context)));
  }),
  route("GET", "template/:tid/entry/all_by_status/:status", (context) => {
    sendItems(context, entriesByStatus(context));
  }),
  route("POST", "template/:tid/entry/create", async (context) => {
    const { app } = context;
    const body = await readJsonBody(context.req);
    const entry = await app.store.exclusive(async () => {
      const template = requireTemplate(app, context.params.tid ?? "");
      const created = buildCreatedEntry(app.store, template, body, {
        instanceId: app.identity.instanceId,
        userId: app.identity.apiKeyId,
      });
      await commitEntry(app, template, created);
      return created;
    });
    sendItem(context, entry);
  }),
  route("GET", "template/:tid/entry/:eid/lite", (context) => {
    const template = requireTemplate(context.app, context.params.tid ?? "");
    sendItem(
      context,
      context.app.parser.toLite(requireEntry(context.app, template, context.params.eid ?? "")),
    );
  }),
  route("GET", "template/:tid/entry/:eid/parse", (context) => {
    const template = requireTemplate(context.app, context.params.tid ?? "");
    const entry = findByIdOrSlug(context.app, template, context.params.eid ?? "");
    sendItem(context, context.app.parser.parseEntry(entry));
  }),
  route("GET", "template/:tid/entry/:eid", (context) => {
    const template = requireTemplate(context.app, context.params.tid ?? "");
    sendItem(context, requireEntry(context.app, template, context.params.eid ?? ""));
  }),
  route("PUT", "template/:tid/entry/:eid/update", async (context) => {
    const { app } = context;
    const body = await readJsonBody(context.req);
    const entry = await app.store.exclusive(async () => {
      const template = requireTemplate(app, context.params.tid ?? "");
      const current = requireEntry(app, template, context.params.eid ?? "");
      const updated = buildUpdatedEntry(app.store, template, current, body);
      await commitEntry(app, template, updated);
      return updated;
    });
    sendItem(context, entry);
  }),
  route("DELETE", "template/:tid/entry/:eid", async (context) => {
    const { app } = context;
    const entry = await app.store.exclusive(async () => {
      const template = requireTemplate(app, context.params.tid ?? "");
      const current = requireEntry(app, template, context.params.eid ?? "");
      const plan = planEntryDelete(app.store, current);
      await app.store.commit(plan.changes);
      for (const event of plan.events) app.sockets.broadcast(event);
      return current;
    });
    sendItem(context, entry);
  }),
];
