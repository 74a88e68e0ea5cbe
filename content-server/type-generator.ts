/**
 * `GET type-generator/{lang}`: TypeScript types of the parsed entries, groups
 * and widgets, as `{items: [{path, content}]}` like BCMS. Only `ts` is
 * generated here; BCMS's other languages are recognised and answered with 400
 * naming what is supported, unknown ones get BCMS's `Language "<x>" is not known`.
 */
import type { Group, Prop, Template, Widget } from "@thebcms/types";
import { badRequest } from "./http";
import type { ContentStore } from "./snapshot-store";

export const TYPE_GENERATOR_LANGUAGES = ["ts", "rust", "golang", "gql"] as const;

export interface TypeFile {
  path: string;
  content: string;
}

function pascal(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}

function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

class TypeScriptFile {
  private readonly imports = new Map<string, Set<string>>();

  constructor(
    private readonly store: ContentStore,
    private readonly depthToRoot: string,
  ) {}

  use(from: string, name: string): string {
    const names = this.imports.get(from) ?? new Set<string>();
    names.add(name);
    this.imports.set(from, names);
    return name;
  }

  propType(prop: Prop): string {
    switch (prop.type) {
      case "STRING":
      case "TAG":
      case "COLOR_PICKER":
        return "string";
      case "NUMBER":
        return "number";
      case "BOOLEAN":
        return "boolean";
      case "DATE":
        return "{ timestamp: number; timezoneOffset: number }";
      case "ENUMERATION": {
        const items = prop.data.propEnum?.items ?? [];
        return items.length > 0 ? items.map((item) => JSON.stringify(item)).join(" | ") : "string";
      }
      case "MEDIA":
        return this.use("@thebcms/types", "PropMediaDataParsed");
      case "RICH_TEXT":
        return this.use("@thebcms/types", "PropRichTextDataParsed");
      case "GROUP_POINTER": {
        const group = this.store.get("groups", prop.data.propGroupPointer?._id ?? "");
        if (!group) return "unknown";
        return this.use(`${this.depthToRoot}group/${group.name}`, `${pascal(group.name)}Group`);
      }
      case "WIDGET": {
        const widget = this.store.get("widgets", prop.data.propWidget?._id ?? "");
        if (!widget) return "unknown";
        return this.use(`${this.depthToRoot}widget/${widget.name}`, `${pascal(widget.name)}Widget`);
      }
      case "ENTRY_POINTER": {
        const types = (prop.data.propEntryPointer ?? []).flatMap((pointer) => {
          const template = this.store.get("templates", pointer.templateId);
          if (!template) return [];
          return [
            this.use(`${this.depthToRoot}entry/${template.name}`, `${pascal(template.name)}Entry`),
          ];
        });
        // Unexpanded pointers (depth limit, cycles) keep their raw form: an array for a single prop.
        const raw = prop.array
          ? "{ tid: string; eid: string }"
          : "Array<{ tid: string; eid: string }>";
        return types.length > 0 ? `(${types.join(" | ")} | ${raw})` : "unknown";
      }
      default:
        return "unknown";
    }
  }

  fields(props: readonly Prop[]): string {
    return props
      .map((prop) => {
        const type = this.propType(prop);
        if (prop.array)
          return `  ${key(prop.name)}${prop.required ? "" : "?"}: Array<${type}>${prop.required ? "" : " | null"};`;
        return `  ${key(prop.name)}${prop.required ? "" : "?"}: ${type}${prop.required ? "" : " | null"};`;
      })
      .join("\n");
  }

  render(body: string, self: string): string {
    const lines = [...this.imports.entries()]
      .filter(([from]) => !from.endsWith(self))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([from, names]) => `import type { ${[...names].sort().join(", ")} } from "${from}";`);
    return `${lines.length > 0 ? `${lines.join("\n")}\n\n` : ""}${body}\n`;
  }
}

function schemaFile(
  store: ContentStore,
  kind: "group" | "widget",
  schema: Group | Widget,
): TypeFile {
  const file = new TypeScriptFile(store, "../");
  const body = `export interface ${pascal(schema.name)}${kind === "group" ? "Group" : "Widget"} {\n${file.fields(schema.props)}\n}`;
  return {
    path: `${kind}/${schema.name}.ts`,
    content: file.render(body, `${kind}/${schema.name}`),
  };
}

function templateFile(store: ContentStore, template: Template): TypeFile {
  const file = new TypeScriptFile(store, "../");
  const name = pascal(template.name);
  const languages = store
    .languages()
    .map((language) => `  ${key(language.code)}: ${name}EntryMetaItem;`);
  file.use("@thebcms/types", "EntryParsed");
  const body = [
    `export interface ${name}EntryMetaItem {\n${file.fields(template.props)}\n}`,
    `export interface ${name}EntryMeta {\n${languages.join("\n")}\n}`,
    `export interface ${name}Entry extends Omit<EntryParsed, "meta"> {\n  meta: ${name}EntryMeta;\n}`,
  ].join("\n\n");
  return {
    path: `entry/${template.name}.ts`,
    content: file.render(body, `entry/${template.name}`),
  };
}

export function generateTypes(store: ContentStore, lang: string): TypeFile[] {
  if (!(TYPE_GENERATOR_LANGUAGES as readonly string[]).includes(lang)) {
    throw badRequest(`Language "${lang}" is not known`);
  }
  if (lang !== "ts") {
    throw badRequest(`Language "${lang}" is not supported by the local content service; use "ts"`);
  }
  const files = [
    ...store.list("templates").map((template) => templateFile(store, template)),
    ...store.list("groups").map((group) => schemaFile(store, "group", group)),
    ...store.list("widgets").map((widget) => schemaFile(store, "widget", widget)),
  ];
  const index = files
    .map((item) => `export * from "./${item.path.replace(/\.ts$/, "")}";`)
    .join("\n");
  files.push({ path: "index.ts", content: `${index}\n` });
  return files;
}
