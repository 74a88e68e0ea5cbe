// BCMS's `data` of a declared prop: what a prop is created with, in the seed
// and through `content:schema`. Pointers name their group or template; `ids` turns the name
// into that instance's id.
import type { PropData } from "@thebcms/types";
import type { PropDeclaration } from "./types";

export interface ModelIds {
  group(name: string): string;
  template(name: string): string;
}

export function propDataOf(prop: PropDeclaration, ids: ModelIds): PropData {
  switch (prop.type) {
    case "STRING":
      return { propString: [] };
    case "NUMBER":
      return { propNumber: [] };
    case "BOOLEAN":
      return { propBool: [] };
    case "DATE":
      return { propDate: [] };
    case "ENUMERATION":
      return { propEnum: { items: [...(prop.items ?? [])] } };
    case "MEDIA":
      return { propMedia: [] };
    case "RICH_TEXT":
      return { propRichText: [] };
    case "GROUP_POINTER":
      if (!prop.group) throw new Error(`prop ${prop.name}: a group pointer without its group`);
      return { propGroupPointer: { _id: ids.group(prop.group) } };
    case "ENTRY_POINTER":
      if (!prop.template)
        throw new Error(`prop ${prop.name}: an entry pointer without its template`);
      return {
        propEntryPointer: [
          { templateId: ids.template(prop.template), entryIds: [], displayProp: "title" },
        ],
      };
  }
}
