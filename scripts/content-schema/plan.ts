/**
 * The difference between the content model the site expects (app/content/model/) and what a
 * BCMS instance has, and the changes that bring the instance up to it. It only adds: a
 * missing entry status, group, widget, template or prop is created; anything else that
 * differs is reported and left as it is. A conflict (a name the model uses for something of
 * another type, a pointer to a group or template that will not exist) is reported and nothing
 * is written for it.
 *
 * Order: statuses; every missing group, widget and template created empty (BCMS gives a
 * template its `title` and `slug`); then the missing props of groups, widgets and templates,
 * each owner in one update. So a group pointer always names an existing group and an entry
 * pointer an existing template, even when both ends are new.
 */
import type { EntryStatus, Group, Prop, Template, Widget } from "@thebcms/types";
import type {
  ContentModel,
  OwnerDeclaration,
  OwnerKind,
  PropDeclaration,
} from "../../app/content/model";

/** What a BCMS instance has, as its `…/all` lists answer. */
export interface InstanceModel {
  statuses: readonly EntryStatus[];
  groups: readonly Group[];
  widgets: readonly Widget[];
  templates: readonly Template[];
}

export type FindingKind = "missing" | "differs" | "extra" | "conflict";

export interface Finding {
  kind: FindingKind;
  /** e.g. `template page prop hero`, `group seo`, `status Draft`. */
  subject: string;
  detail: string;
  /** Set when the finding is about a prop of a template, group or widget the CMS has. */
  prop?: string;
}

export type SchemaChange =
  | { action: "create-status"; label: string; color?: string }
  | { action: "create-owner"; kind: OwnerKind; owner: OwnerDeclaration }
  | {
      action: "add-props";
      kind: OwnerKind;
      owner: OwnerDeclaration;
      props: readonly PropDeclaration[];
    };

export interface SchemaPlan {
  findings: Finding[];
  changes: SchemaChange[];
}

/** Props every template has from its creation. */
const TEMPLATE_BUILT_IN_PROPS: ReadonlySet<string> = new Set(["title", "slug"]);

const OWNER_KINDS = ["group", "widget", "template"] as const;
const PLURAL = { group: "groups", widget: "widgets", template: "templates" } as const;

/** One line per change, as the command prints it. */
export function describeChange(change: SchemaChange): string {
  switch (change.action) {
    case "create-status":
      return `create status ${change.label}`;
    case "create-owner":
      return `create ${change.kind} ${change.owner.name}`;
    case "add-props":
      return `add to ${change.kind} ${change.owner.name}: ${change.props
        .map((prop) => `${prop.name} (${describeType(prop)})`)
        .join(", ")}`;
  }
}

export function describeType(prop: PropDeclaration): string {
  const target = prop.group ? ` → group ${prop.group}` : "";
  const pointed = prop.template ? ` → template ${prop.template}` : "";
  const items = prop.items ? ` [${prop.items.join(", ")}]` : "";
  const flags = [prop.required ? "required" : "", prop.array ? "array" : ""].filter(Boolean);
  return `${prop.type}${target}${pointed}${items}${flags.length > 0 ? `, ${flags.join(", ")}` : ""}`;
}

/** The names of an instance's groups and templates, by id (pointers hold ids). */
interface InstanceNames {
  group(id: string): string | undefined;
  template(id: string): string | undefined;
}

function instanceNames(instance: InstanceModel): InstanceNames {
  const groups = new Map(instance.groups.map((group) => [group._id, group.name]));
  const templates = new Map(instance.templates.map((template) => [template._id, template.name]));
  return { group: (id) => groups.get(id), template: (id) => templates.get(id) };
}

function byName<T extends { name: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.name, item]));
}

/** Compares the model with an instance; the changes are what `--apply` would make. */
export function planSchema(model: ContentModel, instance: InstanceModel): SchemaPlan {
  const findings: Finding[] = [];
  const changes: SchemaChange[] = [];
  const statusLabels = new Set(instance.statuses.map((status) => status.label.toLowerCase()));
  for (const status of model.statuses) {
    if (statusLabels.has(status.label.toLowerCase())) continue;
    findings.push({
      kind: "missing",
      subject: `status ${status.label}`,
      detail: "will be created",
    });
    changes.push({
      action: "create-status",
      label: status.label,
      ...(status.color ? { color: status.color } : {}),
    });
  }
  const declaredStatuses = new Set(model.statuses.map((status) => status.label.toLowerCase()));
  for (const status of instance.statuses) {
    if (!declaredStatuses.has(status.label.toLowerCase())) {
      findings.push({ kind: "extra", subject: `status ${status.label}`, detail: "left as it is" });
    }
  }

  const existing = {
    group: byName(instance.groups),
    widget: byName(instance.widgets),
    template: byName(instance.templates),
  };
  // Groups and templates that will exist once the owners are created.
  const available = {
    group: new Set([...existing.group.keys(), ...model.groups.map((group) => group.name)]),
    template: new Set([
      ...existing.template.keys(),
      ...model.templates.map((template) => template.name),
    ]),
  };
  const names = instanceNames(instance);
  const propChanges: SchemaChange[] = [];
  for (const kind of OWNER_KINDS) {
    for (const owner of model[PLURAL[kind]]) {
      const current = existing[kind].get(owner.name);
      if (!current) {
        findings.push({
          kind: "missing",
          subject: `${kind} ${owner.name}`,
          detail: "will be created",
        });
        changes.push({ action: "create-owner", kind, owner });
      }
      const props = compareProps(kind, owner, current?.props, available, names, findings);
      if (props.length > 0) propChanges.push({ action: "add-props", kind, owner, props });
    }
    const declared = new Set(model[PLURAL[kind]].map((owner) => owner.name));
    for (const name of existing[kind].keys()) {
      if (!declared.has(name)) {
        findings.push({ kind: "extra", subject: `${kind} ${name}`, detail: "left as it is" });
      }
    }
  }
  changes.push(...propChanges);
  return { findings, changes };
}

/** The declared props the owner lacks and can be given; reports every difference. */
function compareProps(
  kind: OwnerKind,
  owner: OwnerDeclaration,
  current: readonly Prop[] | undefined,
  available: { group: ReadonlySet<string>; template: ReadonlySet<string> },
  names: InstanceNames,
  findings: Finding[],
): PropDeclaration[] {
  const about = (name: string) => ({
    subject: `${kind} ${owner.name} prop ${name}`,
    ...(current ? { prop: name } : {}),
  });
  const have = byName(current ?? []);
  const toAdd: PropDeclaration[] = [];
  for (const prop of owner.props) {
    const found = have.get(prop.name);
    if (found) {
      const conflict = typeConflict(prop, found, names);
      if (conflict) findings.push({ kind: "conflict", ...about(prop.name), detail: conflict });
      else
        for (const detail of settingDifferences(prop, found, names)) {
          findings.push({ kind: "differs", ...about(prop.name), detail });
        }
      continue;
    }
    if (kind === "template" && current === undefined && TEMPLATE_BUILT_IN_PROPS.has(prop.name)) {
      continue; // created with the template
    }
    const dangling = danglingTarget(prop, available);
    if (dangling) {
      findings.push({ kind: "conflict", ...about(prop.name), detail: dangling });
      continue;
    }
    findings.push({
      kind: "missing",
      ...about(prop.name),
      detail: `${describeType(prop)}: will be added`,
    });
    toAdd.push(prop);
  }
  const declared = new Set(owner.props.map((prop) => prop.name));
  for (const prop of current ?? []) {
    if (!declared.has(prop.name)) {
      findings.push({
        kind: "extra",
        ...about(prop.name),
        detail: `${prop.type}: left as it is`,
      });
    }
  }
  return toAdd;
}

function danglingTarget(
  prop: PropDeclaration,
  available: { group: ReadonlySet<string>; template: ReadonlySet<string> },
): string | undefined {
  if (prop.type === "GROUP_POINTER" && !available.group.has(prop.group ?? "")) {
    return `points at group ${prop.group}, which neither exists nor is being created: not added`;
  }
  if (prop.type === "ENTRY_POINTER" && !available.template.has(prop.template ?? "")) {
    return `points at template ${prop.template}, which neither exists nor is being created: not added`;
  }
  return undefined;
}

/** Differences that make the existing prop another thing than the declared one. */
function typeConflict(
  prop: PropDeclaration,
  found: Prop,
  names: InstanceNames,
): string | undefined {
  if (found.type !== prop.type) {
    return `is ${found.type} in the CMS, the site expects ${prop.type}: a type is never changed (rename or remove the prop in the CMS, then run again)`;
  }
  if (prop.type === "GROUP_POINTER") {
    const group = names.group(found.data.propGroupPointer?._id ?? "");
    if (group !== prop.group) {
      return `points at group ${group ?? "(none)"} in the CMS, the site expects group ${prop.group}`;
    }
  }
  return undefined;
}

/** Settings of a prop of the right type that differ; reported, never changed. */
function settingDifferences(prop: PropDeclaration, found: Prop, names: InstanceNames): string[] {
  const differences: string[] = [];
  const required = prop.required === true;
  if (found.required !== required) {
    differences.push(`required is ${found.required} in the CMS, the site expects ${required}`);
  }
  const array = prop.array === true;
  if (found.array !== array) {
    differences.push(`array is ${found.array} in the CMS, the site expects ${array}`);
  }
  if (prop.type === "ENUMERATION") {
    const have = new Set(found.data.propEnum?.items ?? []);
    const lacking = (prop.items ?? []).filter((item) => !have.has(item));
    if (lacking.length > 0) differences.push(`lacks the items ${lacking.join(", ")}`);
  }
  if (prop.type === "ENTRY_POINTER") {
    const templates = (found.data.propEntryPointer ?? []).map((pointer) =>
      names.template(pointer.templateId),
    );
    if (!templates.includes(prop.template)) {
      differences.push(`may not point at template ${prop.template} in the CMS`);
    }
  }
  return differences;
}
