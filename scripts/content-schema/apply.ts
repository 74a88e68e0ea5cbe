/**
 * Makes the changes of a schema plan (plan.ts) through the BCMS library, in the plan's order.
 * The first change the CMS refuses (auth, validation, network) stops the run: the report
 * lists what was applied, the change that failed with the CMS's answer, and what was not
 * tried, so that running the command again (which compares afresh) finishes the job.
 */
import type { EntryStatus, Group, Template, Widget } from "@thebcms/types";
import { propDataOf } from "../../app/content/model/prop-data";
import type { OwnerKind, PropDeclaration } from "../../app/content/model/types";
import type { BcmsClient } from "../../bcms";
import type { InstanceModel, SchemaChange } from "./plan";

export interface ApplyReport {
  applied: SchemaChange[];
  failed?: { change: SchemaChange; error: Error };
  notTried: SchemaChange[];
}

/** The lists `planSchema` compares with, read afresh. */
export async function readInstanceModel(client: BcmsClient): Promise<InstanceModel> {
  const read = { skipCache: true };
  const [statuses, groups, widgets, templates] = await Promise.all([
    client.entryStatus.getAll(read),
    client.group.getAll(read),
    client.widget.getAll(read),
    client.template.getAll(read),
  ]);
  return { statuses, groups, widgets, templates };
}

type Owner = Template | Group | Widget;

export async function applySchemaChanges(
  client: BcmsClient,
  instance: InstanceModel,
  changes: readonly SchemaChange[],
  onApplied: (change: SchemaChange) => void = () => {},
): Promise<ApplyReport> {
  // Pointers hold ids: the instance's, then those of what this run creates.
  const ids: Record<OwnerKind, Map<string, string>> = {
    group: new Map(instance.groups.map((group) => [group.name, group._id])),
    widget: new Map(instance.widgets.map((widget) => [widget.name, widget._id])),
    template: new Map(instance.templates.map((template) => [template.name, template._id])),
  };
  const idOf = (kind: OwnerKind, name: string): string => {
    const id = ids[kind].get(name);
    if (!id) throw new Error(`${kind} ${name} is not in the CMS`);
    return id;
  };
  const applied: SchemaChange[] = [];
  for (const [index, change] of changes.entries()) {
    try {
      if (change.action === "create-status") {
        await createStatus(client, change.label, change.color);
      } else if (change.action === "create-owner") {
        const created = await createOwner(client, change.kind, change.owner);
        expectName(change.kind, created.name, change.owner.name);
        ids[change.kind].set(created.name, created._id);
      } else {
        const propChanges = change.props.map((prop) => ({
          add: {
            label: prop.label,
            type: prop.type,
            required: prop.required === true,
            array: prop.array === true,
            data: propDataOf(prop, {
              group: (name) => idOf("group", name),
              template: (name) => idOf("template", name),
            }),
          },
        }));
        const id = idOf(change.kind, change.owner.name);
        const updated = await updateOwner(client, change.kind, id, propChanges);
        expectProps(change.kind, change.owner.name, updated, change.props);
      }
    } catch (error) {
      return {
        applied,
        failed: { change, error: error instanceof Error ? error : new Error(String(error)) },
        notTried: changes.slice(index + 1),
      };
    }
    applied.push(change);
    onApplied(change);
  }
  return { applied, notTried: [] };
}

function createStatus(client: BcmsClient, label: string, color?: string): Promise<EntryStatus> {
  return client.entryStatus.create({ label, ...(color ? { color } : {}) });
}

function createOwner(
  client: BcmsClient,
  kind: OwnerKind,
  owner: { label: string; desc: string },
): Promise<Owner> {
  const body = { label: owner.label, desc: owner.desc };
  if (kind === "template") return client.template.create({ ...body, singleEntry: false });
  if (kind === "group") return client.group.create(body);
  return client.widget.create(body);
}

type PropAdd = NonNullable<Parameters<BcmsClient["template"]["update"]>[1]["propChanges"]>;

function updateOwner(
  client: BcmsClient,
  kind: OwnerKind,
  id: string,
  propChanges: PropAdd,
): Promise<Owner> {
  if (kind === "template") return client.template.update(id, { propChanges });
  if (kind === "group") return client.group.update({ _id: id, propChanges });
  return client.widget.update({ _id: id, propChanges });
}

/** BCMS names an item after its label: a label that gives another name is the model's error. */
function expectName(kind: OwnerKind, actual: string, expected: string): void {
  if (actual !== expected) {
    throw new Error(`the CMS named the new ${kind} "${actual}", the model expects "${expected}"`);
  }
}

function expectProps(
  kind: OwnerKind,
  name: string,
  owner: Owner,
  props: readonly PropDeclaration[],
): void {
  const have = new Set(owner.props.map((prop) => prop.name));
  const lacking = props.filter((prop) => !have.has(prop.name)).map((prop) => prop.name);
  if (lacking.length > 0) {
    throw new Error(
      `${kind} ${name} came back without ${lacking.join(", ")}: the CMS named them otherwise`,
    );
  }
}
