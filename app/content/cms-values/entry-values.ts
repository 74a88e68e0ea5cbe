// The values of one entry that have a check of their kind (slugs, links, numbers), found by
// the content model: the template's own props, the groups they point at, and the widgets of
// the entry's content and of its rich text, however deep. The first refused value refuses the
// entry: the public view keeps what visitors saw of it (last-public-versions.server.ts).
import { CONTENT_MODEL } from "../model/content-model";
import type { OwnerDeclaration } from "../model/types";
import { isRec, type Rec } from "../read.server";
import type { Checked, CmsValueKind } from "./checked";
import { checkNumber } from "./numbers";
import { checkSlug } from "./slugs";
import { checkLinkUrl } from "./urls";

type Rule = { kind: CmsValueKind; check: (raw: unknown) => Checked<unknown> };

const SLUG: Rule = { kind: "slug", check: checkSlug };
const LINK: Rule = { kind: "url", check: checkLinkUrl };
const PERCENT: Rule = {
  kind: "number",
  check: (raw) => checkNumber(raw, { min: 0, max: 100 }),
};
/** A form field's max_length: whole characters; the form caps it again (MAX_FIELD_LENGTH). */
const FIELD_LENGTH: Rule = {
  kind: "number",
  check: (raw) => checkNumber(raw, { min: 1, max: 1_000_000, integer: true }),
};

/** Per owner (template, group or widget) name, its checked props. Every template's slug too. */
const RULES: Readonly<Record<string, Readonly<Record<string, Rule>>>> = {
  event: { registration_url: LINK },
  job: { apply_url: LINK },
  hero: { cta_href: LINK },
  cta: { href: LINK },
  video: { iframe: LINK },
  stat: { progress: PERCENT },
  "form-field": { max_length: FIELD_LENGTH },
};

export interface RefusedValue {
  kind: CmsValueKind;
  /** Where in the entry: `slug`, `hero.cta_href`, `content[2].stats.items[0].progress`. */
  prop: string;
  problem: string;
}

const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
/** Absent, null or blank: unset (readers treat it so), nothing to refuse; not for a slug. */
const isUnset = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

const owners = new Map<string, OwnerDeclaration>();
for (const owner of [...CONTENT_MODEL.groups, ...CONTENT_MODEL.widgets]) {
  owners.set(owner.name, owner);
}
const templates = new Map<string, OwnerDeclaration>(
  CONTENT_MODEL.templates.map((template) => [template.name, template]),
);

/** Bounds a walk of hostile nesting (the rendering bounds its own); no editor nests this deep. */
const MAX_DEPTH = 64;

function checkOwner(
  owner: OwnerDeclaration,
  value: Rec,
  at: string,
  depth: number,
): RefusedValue | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const rules = RULES[owner.name] ?? {};
  for (const prop of owner.props) {
    const where = at ? `${at}.${prop.name}` : prop.name;
    const items = listOf(value[prop.name]);
    const rule = rules[prop.name] ?? (prop.name === "slug" && at === "" ? SLUG : undefined);
    for (const [index, item] of items.entries()) {
      const named = items.length > 1 ? `${where}[${index}]` : where;
      const refused = rule
        ? checkItem(rule, item, named)
        : checkNested(prop.type, prop.group, item, named, depth);
      if (refused) return refused;
    }
  }
  return undefined;
}

function checkItem(rule: Rule, item: unknown, where: string): RefusedValue | undefined {
  // A blank slug is not unset: it would make the entry's address its id, or none.
  if (rule === SLUG ? item === undefined || item === null : isUnset(item)) return undefined;
  const checked = rule.check(item);
  return "problem" in checked
    ? { kind: rule.kind, prop: where, problem: checked.problem }
    : undefined;
}

function checkNested(
  type: string,
  group: string | undefined,
  item: unknown,
  where: string,
  depth: number,
): RefusedValue | undefined {
  if (type === "GROUP_POINTER" && group && isRec(item)) {
    const owner = owners.get(group);
    return owner && checkOwner(owner, item, where, depth + 1);
  }
  if (type === "RICH_TEXT" && isRec(item)) return checkContent(item.nodes, where, depth + 1);
  return undefined;
}

/** Content items (an entry's content, a RICH_TEXT's nodes): their widgets' values. */
function checkContent(items: unknown, at: string, depth: number): RefusedValue | undefined {
  if (depth > MAX_DEPTH) return undefined;
  for (const [index, item] of listOf(items).entries()) {
    if (!isRec(item) || item.type !== "widget" || !isRec(item.value)) continue;
    const widget = typeof item.widgetName === "string" ? owners.get(item.widgetName) : undefined;
    if (!widget) continue;
    const refused = checkOwner(widget, item.value, `${at}[${index}].${widget.name}`, depth + 1);
    if (refused) return refused;
  }
  return undefined;
}

/**
 * The first value of an entry (its props in one language, and its content there) that its
 * check refuses, or none. Unknown templates have no checked props but their slug.
 */
export function refusedEntryValue(
  templateName: string,
  meta: Rec | undefined,
  content: unknown,
): RefusedValue | undefined {
  const template = templates.get(templateName) ?? {
    name: templateName,
    label: templateName,
    desc: "",
    props: [{ name: "slug", label: "Slug", type: "STRING" }],
  };
  return checkOwner(template, meta ?? {}, "", 0) ?? checkContent(content, "content", 0);
}
