/** Templates, groups, widgets, languages, entry statuses, media metadata and the type generator. */
import { notFound, readJsonBody, sendJson } from "../http";
import { isObjectId } from "../ids";
import { groupWhereIsItUsed, templateWhereIsItUsed, widgetWhereIsItUsed } from "../references";
import { type Route, type RouteContext, route, sendItem, sendItems } from "../router";
import {
  buildEntryStatus,
  buildOwner,
  planOwnerUpdate,
  planTemplateDelete,
  planTemplateUpdate,
} from "../schema-writes";
import type { EntityByKind, EntityKind } from "../snapshot-files";
import type { SocketEventMessage } from "../socket";
import { generateTypes } from "../type-generator";
import { requireTemplate } from "./entries";

const NOT_FOUND_NAMES: Record<EntityKind, string> = {
  templates: "Template",
  groups: "Group",
  widgets: "Widget",
  languages: "Language",
  statuses: "Entry status",
  entries: "Entry",
  media: "Media",
};

function requireItem<K extends EntityKind>(context: RouteContext, kind: K): EntityByKind[K] {
  const id = context.params.id ?? "";
  const item = isObjectId(id) ? context.app.store.get(kind, id) : undefined;
  if (!item) throw notFound(`${NOT_FOUND_NAMES[kind]} with ID "${id}" does not exist`);
  return item;
}

/** `{base}/all` and `{base}/{id}` for one kind. */
function readRoutes(base: string, kind: EntityKind): Route[] {
  return [
    route("GET", `${base}/all`, (context) => sendItems(context, context.app.store.list(kind))),
    route("GET", `${base}/:id`, (context) => sendItem(context, requireItem(context, kind))),
  ];
}

function sendBare(context: RouteContext, body: unknown) {
  sendJson(context.req, context.res, 200, body);
}

/** Who a created item belongs to: the instance, and the API key standing in for BCMS's user. */
function ownerOf(context: RouteContext) {
  return { instanceId: context.app.identity.instanceId, userId: context.app.identity.apiKeyId };
}

/** `POST {base}/create` for templates, groups and widgets. */
function createRoute(
  base: string,
  kind: "templates" | "groups" | "widgets",
  eventOf: (id: string) => SocketEventMessage,
): Route {
  return route("POST", `${base}/create`, async (context) => {
    const { app } = context;
    const body = await readJsonBody(context.req);
    const created = await app.store.exclusive(async () => {
      const owner = buildOwner(app.store, kind, body, ownerOf(context));
      await app.store.commit([{ kind, id: owner._id, value: owner }]);
      app.sockets.broadcast(eventOf(owner._id));
      return owner;
    });
    sendItem(context, created);
  });
}

/** `PUT {base}/update` with the `_id` in the body, for groups and widgets. */
function ownerUpdateRoute(base: string, kind: "groups" | "widgets"): Route {
  return route("PUT", `${base}/update`, async (context) => {
    const { app } = context;
    const body = await readJsonBody(context.req);
    const updated = await app.store.exclusive(async () => {
      const plan = planOwnerUpdate(app.store, kind, body);
      await app.store.commit(plan.changes);
      for (const event of plan.events) app.sockets.broadcast(event);
      return plan.owner;
    });
    sendItem(context, updated);
  });
}

export const catalogRoutes: Route[] = [
  createRoute("template", "templates", (templateId) => ({
    en: "template",
    ed: { type: "update", templateId },
  })),
  route("GET", "template/:id/where-is-it-used", (context) => {
    const template = requireItem(context, "templates");
    sendBare(context, templateWhereIsItUsed(context.app.store, template._id));
  }),
  route("PUT", "template/:id/update", async (context) => {
    const { app } = context;
    const body = await readJsonBody(context.req);
    const template = await app.store.exclusive(async () => {
      const current = requireTemplate(app, context.params.id ?? "");
      const plan = planTemplateUpdate(app.store, current, body);
      await app.store.commit(plan.changes);
      for (const event of plan.events) app.sockets.broadcast(event);
      return plan.template;
    });
    sendItem(context, template);
  }),
  route("DELETE", "template/:id", async (context) => {
    const { app } = context;
    const template = await app.store.exclusive(async () => {
      const current = requireTemplate(app, context.params.id ?? "");
      const plan = planTemplateDelete(app.store, current);
      await app.store.commit(plan.changes);
      for (const event of plan.events) app.sockets.broadcast(event);
      return current;
    });
    sendItem(context, template);
  }),
  ...readRoutes("template", "templates"),

  route("GET", "group/:id/where-is-it-used", (context) => {
    sendBare(context, groupWhereIsItUsed(context.app.store, requireItem(context, "groups")._id));
  }),
  createRoute("group", "groups", (groupId) => ({ en: "group", ed: { type: "update", groupId } })),
  ownerUpdateRoute("group", "groups"),
  ...readRoutes("group", "groups"),

  route("GET", "widget/:id/where-is-it-used", (context) => {
    sendBare(context, widgetWhereIsItUsed(context.app.store, requireItem(context, "widgets")._id));
  }),
  createRoute("widget", "widgets", (widgetId) => ({
    en: "widget",
    ed: { type: "update", widgetId },
  })),
  ownerUpdateRoute("widget", "widgets"),
  ...readRoutes("widget", "widgets"),

  route("GET", "language/all", (context) => sendItems(context, context.app.store.languages())),
  route("GET", "language/:id", (context) => sendItem(context, requireItem(context, "languages"))),
  route("POST", "entry-status/create", async (context) => {
    const { app } = context;
    const body = await readJsonBody(context.req);
    const created = await app.store.exclusive(async () => {
      const status = buildEntryStatus(app.store, body, ownerOf(context));
      await app.store.commit([{ kind: "statuses", id: status._id, value: status }]);
      app.sockets.broadcast({
        en: "entry_status",
        ed: { type: "update", entryStatusId: status._id },
      });
      return status;
    });
    sendItem(context, created);
  }),
  ...readRoutes("entry-status", "statuses"),

  route("GET", "media/all", (context) =>
    sendItems(
      context,
      context.app.store.list("media").map((media) => context.app.store.mediaView(media)),
    ),
  ),
  route("GET", "media/:id", (context) =>
    sendItem(context, context.app.store.mediaView(requireItem(context, "media"))),
  ),
  route("GET", "media/:id/bin2/:name", async (context) => {
    // The file name is cosmetic (BCMS says "any name"); only the id selects the file.
    const id = context.params.id ?? "";
    if (!isObjectId(id)) throw notFound(`Media with ID "${id}" does not exist`);
    await context.app.mediaBin.serve(context.req, context.res, id, context.query);
  }),

  route("GET", "type-generator/:lang", (context) =>
    sendItems(context, generateTypes(context.app.store, context.params.lang ?? "")),
  ),
];
