// Entry writes: create, update and delete, each body validated against the template (with the
// groups, widgets and statuses it needs) before it is sent, and the entry dropped from the
// cache after.
import type { Entry, EntryStatus, Group, Prop, Template, Widget } from "@thebcms/types";
import type { EntryCache } from "./entry-cache";
import { entryPath } from "./entry-reads";
import { isEntry } from "./guards";
import type { HttpClient, RequestOptions } from "./http";
import type { TemplateResolver } from "./template-resolver";
import {
  buildEntryCreateBody,
  buildEntryUpdateBody,
  type EntryCreateInput,
  type EntryPayloadContext,
  type EntryUpdateInput,
} from "./validation";

export interface EntryWriteDeps {
  http: HttpClient;
  templates: TemplateResolver;
  cache: EntryCache | null;
  loadGroups: () => Promise<Group[]>;
  loadWidgets: () => Promise<Widget[]>;
  loadStatuses: () => Promise<EntryStatus[]>;
}

function usesType(props: readonly Prop[], types: readonly string[]): boolean {
  return props.some((prop) => types.includes(prop.type));
}

export class EntryWrites {
  constructor(private readonly deps: EntryWriteDeps) {}

  async create(
    templateIdOrName: string,
    input: EntryCreateInput,
    options: RequestOptions = {},
  ): Promise<Entry> {
    const { http, templates, cache } = this.deps;
    const template = await templates.resolve(templateIdOrName);
    const needStatuses = Array.isArray(input?.statuses) && input.statuses.length > 0;
    const body = buildEntryCreateBody(
      template,
      input,
      await this.payloadContext(template, needStatuses),
    );
    const entry = await http.item(
      { ...options, method: "POST", path: entryPath(template._id, "create"), body },
      isEntry,
    );
    cache?.dropEntry(template._id, entry._id);
    return entry;
  }

  async update(
    templateIdOrName: string,
    entryId: string,
    input: EntryUpdateInput,
    options: RequestOptions = {},
  ): Promise<Entry> {
    const { http, templates, cache } = this.deps;
    const template = await templates.resolve(templateIdOrName);
    // The stored entry supplies values of omitted optional props, so they are not wiped.
    const stored = await http.item(
      {
        signal: options.signal,
        timeoutMs: options.timeoutMs,
        path: entryPath(template._id, entryId),
      },
      isEntry,
    );
    const body = buildEntryUpdateBody(
      template,
      entryId,
      input,
      stored,
      await this.payloadContext(template, typeof input?.status === "string"),
    );
    const entry = await http.item(
      { ...options, method: "PUT", path: entryPath(template._id, entryId, "update"), body },
      isEntry,
    );
    cache?.dropEntry(template._id, entryId);
    return entry;
  }

  async delete(
    templateIdOrName: string,
    entryId: string,
    options: RequestOptions = {},
  ): Promise<Entry> {
    const { http, templates, cache } = this.deps;
    const template = await templates.resolve(templateIdOrName);
    const entry = await http.item(
      { ...options, method: "DELETE", path: entryPath(template._id, entryId) },
      isEntry,
    );
    cache?.dropEntry(template._id, entryId);
    return entry;
  }

  /** What validating a body for `template` needs: its groups, widgets and (when asked) statuses. */
  private async payloadContext(
    template: Template,
    needStatuses: boolean,
  ): Promise<EntryPayloadContext> {
    const context: EntryPayloadContext = { groups: [] };
    if (usesType(template.props, ["GROUP_POINTER", "WIDGET"])) {
      context.groups = await this.deps.loadGroups();
    }
    if ([template, ...context.groups].some((owner) => usesType(owner.props, ["WIDGET"]))) {
      context.widgets = await this.deps.loadWidgets();
    }
    if (needStatuses) {
      const statuses = await this.deps.loadStatuses();
      context.resolveStatus = (idOrLabel) =>
        statuses.find((status) => status._id === idOrLabel)?._id ??
        statuses.find((status) => status.label === idOrLabel)?._id ??
        null;
    }
    return context;
  }
}
