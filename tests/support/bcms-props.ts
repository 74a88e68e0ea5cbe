// Builds BCMS prop definitions for the tests of the library, the content service and the
// seed: one prop of a type, optional and single unless `extra` says otherwise.
import type { Prop } from "@thebcms/types";

/** A prop named `name`; its id is `p-{name}` unless `extra.id` gives one. */
export function testProp(
  name: string,
  type: Prop["type"] = "STRING",
  extra: Partial<Prop> = {},
): Prop {
  return {
    id: `p-${name}`,
    name,
    label: name,
    type,
    required: false,
    array: false,
    data: {},
    ...extra,
  };
}
