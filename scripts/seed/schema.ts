/**
 * Templates, groups and widgets of the content model (docs/content-model.md).
 * Names follow BCMS: entity names are kebab-case, prop names snake_case.
 */
import type { Group, Prop, PropData, PropTypeName, Template, Widget } from "@thebcms/types";
import { FIELD_TYPES } from "../../app/forms/model";
import { objectId, storedFields, uuid } from "./ids";

/** The prop types the seed's content model uses (no WIDGET, TAG or COLOR_PICKER props). */
type SeedPropType = Extract<
  PropTypeName,
  | "STRING"
  | "NUMBER"
  | "BOOLEAN"
  | "DATE"
  | "ENUMERATION"
  | "MEDIA"
  | "GROUP_POINTER"
  | "ENTRY_POINTER"
  | "RICH_TEXT"
>;

interface PropSpec {
  name: string;
  label: string;
  type: SeedPropType;
  required?: boolean;
  array?: boolean;
  /** ENUMERATION items */
  items?: string[];
  /** GROUP_POINTER target group name */
  group?: string;
  /** ENTRY_POINTER target template name */
  template?: string;
}

const str = (name: string, label: string, required = false): PropSpec => ({
  name,
  label,
  type: "STRING",
  required,
});
const num = (name: string, label: string): PropSpec => ({ name, label, type: "NUMBER" });
const bool = (name: string, label: string): PropSpec => ({ name, label, type: "BOOLEAN" });
const date = (name: string, label: string, required = false): PropSpec => ({
  name,
  label,
  type: "DATE",
  required,
});
const enumeration = (name: string, label: string, items: string[], required = false): PropSpec => ({
  name,
  label,
  type: "ENUMERATION",
  items,
  required,
});
const media = (name: string, label: string, required = false, array = false): PropSpec => ({
  name,
  label,
  type: "MEDIA",
  required,
  array,
});
const groupPointer = (
  name: string,
  label: string,
  group: string,
  array = false,
  required = false,
): PropSpec => ({ name, label, type: "GROUP_POINTER", group, array, required });
const richText = (name: string, label: string, array = false, required = false): PropSpec => ({
  name,
  label,
  type: "RICH_TEXT",
  array,
  required,
});
const entryPointer = (
  name: string,
  label: string,
  template: string,
  required = false,
  array = false,
): PropSpec => ({ name, label, type: "ENTRY_POINTER", template, required, array });

const TITLE_SLUG: PropSpec[] = [str("title", "Title", true), str("slug", "Slug", true)];
const SEO = groupPointer("seo", "SEO", "seo");
/** The form shown below the body of a page-like entry (template `form`). */
const FORM = entryPointer("form", "Form", "form");
/**
 * When a page-like entry goes live and leaves (both optional; docs/content-model.md,
 * Scheduling): every template with a page of its own has them.
 */
const SCHEDULE = [date("publish_at", "Publish at"), date("unpublish_at", "Unpublish at")];

interface OwnerSpec {
  name: string;
  label: string;
  desc: string;
  props: PropSpec[];
}

const GROUP_SPECS: OwnerSpec[] = [
  {
    name: "seo",
    label: "SEO",
    desc: "Page head metadata: title, description, share image, indexing.",
    props: [
      str("title", "Title"),
      str("description", "Description"),
      media("image", "Image"),
      bool("no_index", "No index"),
    ],
  },
  {
    name: "hero",
    label: "Hero",
    desc: "Full-screen page header. The title may hold inline HTML (<em>, <strong>, <br>).",
    props: [
      str("title", "Title", true),
      str("description", "Description"),
      enumeration("theme", "Theme", ["blue-dark", "blue-light", "mint", "orange"]),
      str("cta_label", "CTA label"),
      str("cta_href", "CTA href"),
      media("image", "Image"),
    ],
  },
  {
    name: "tab",
    label: "Tab",
    desc: "One tab of a tabbed section; the anchor becomes #tabs-{anchor}.",
    props: [str("label", "Label", true), str("anchor", "Anchor", true), richText("body", "Body")],
  },
  {
    name: "stat",
    label: "Stat",
    desc: "A figure with a progress ring (progress defaults to 100).",
    props: [str("title", "Title", true), str("value", "Value", true), num("progress", "Progress")],
  },
  {
    name: "author",
    label: "Author",
    desc: "Who said it.",
    props: [
      str("name", "Name", true),
      str("title", "Title"),
      media("logo", "Logo"),
      media("avatar", "Avatar"),
    ],
  },
  {
    name: "testimonial",
    label: "Testimonial",
    desc: "A quote and its author.",
    props: [str("quote", "Quote", true), groupPointer("author", "Author", "author")],
  },
  {
    name: "company",
    label: "Company",
    desc: "A partner or customer logo with a short description.",
    props: [media("logo", "Logo", true), richText("description", "Description")],
  },
  {
    name: "form-option",
    label: "Form option",
    desc: "One choice of a select or radio field: the value sent and the label shown.",
    props: [str("value", "Value", true), str("label", "Label", true)],
  },
  {
    name: "form-field",
    label: "Form field",
    desc: "One field of a form. The name (lower-case letters, digits and _, starting with a letter) is the key in the submission.",
    props: [
      str("name", "Name", true),
      str("label", "Label", true),
      enumeration("type", "Type", [...FIELD_TYPES], true),
      str("help", "Help"),
      bool("required", "Required"),
      groupPointer("options", "Options", "form-option", true),
      num("max_length", "Max length"),
      str("value", "Value"),
      str("autocomplete", "Autocomplete"),
    ],
  },
  {
    name: "consent-category",
    label: "Consent category",
    desc: "One category of the cookie-consent banner: its name and what it is used for.",
    props: [str("label", "Label", true), str("description", "Description", true)],
  },
];

const WIDGET_SPECS: OwnerSpec[] = [
  {
    name: "video",
    label: "Video",
    desc: "An uploaded video, or a thumbnail that opens an embedded player.",
    props: [media("video", "Video"), str("iframe", "Iframe"), media("thumbnail", "Thumbnail")],
  },
  {
    name: "content-cols",
    label: "Content cols",
    desc: "Rich text in columns (one on small screens, two on large).",
    props: [richText("cols", "Cols", true)],
  },
  {
    name: "cta",
    label: "CTA",
    desc: "A link button.",
    props: [str("href", "Href", true), str("label", "Label", true)],
  },
  {
    name: "stats",
    label: "Stats",
    desc: "Cards with a figure and a progress ring.",
    props: [groupPointer("items", "Items", "stat", true)],
  },
  {
    name: "testimonials",
    label: "Testimonials",
    desc: "Quote cards.",
    props: [groupPointer("items", "Items", "testimonial", true)],
  },
  {
    name: "companies",
    label: "Companies",
    desc: "Logo cards with descriptions, with an optional title.",
    props: [str("title", "Title"), groupPointer("items", "Items", "company", true)],
  },
  {
    name: "graph",
    label: "Graph",
    desc: "Images in a grid (three columns from three items).",
    props: [media("items", "Items", false, true)],
  },
];

const TEMPLATE_SPECS: OwnerSpec[] = [
  {
    name: "page",
    label: "Page",
    desc: "A page at a fixed route (path).",
    props: [
      ...TITLE_SLUG,
      str("path", "Path", true),
      SEO,
      groupPointer("hero", "Hero", "hero"),
      groupPointer("tabs", "Tabs", "tab", true),
      FORM,
      ...SCHEDULE,
    ],
  },
  {
    name: "legal-page",
    label: "Legal page",
    desc: "Trust, legal and regional pages.",
    props: [
      ...TITLE_SLUG,
      str("path", "Path", true),
      SEO,
      enumeration("language", "Language", ["en", "ja"], true),
      date("updated_at", "Updated at", true),
      str("summary", "Summary"),
      ...SCHEDULE,
    ],
  },
  {
    name: "news-article",
    label: "News article",
    desc: "An article under /news/{slug}.",
    props: [
      ...TITLE_SLUG,
      date("date", "Date", true),
      str("description", "Description", true),
      media("cover", "Cover", true),
      enumeration("category", "Category", ["company", "product", "partnerships", "industry"], true),
      str("author", "Author"),
      SEO,
      ...SCHEDULE,
    ],
  },
  {
    name: "event",
    label: "Event",
    desc: "A conference talk or meetup under /events/{slug}.",
    props: [
      ...TITLE_SLUG,
      date("start_date", "Start date", true),
      date("end_date", "End date"),
      str("location", "Location", true),
      str("description", "Description", true),
      media("cover", "Cover"),
      str("registration_url", "Registration URL"),
      SEO,
      ...SCHEDULE,
    ],
  },
  {
    name: "resource",
    label: "Resource",
    desc: "A case study, report, guide or webinar under /resources/{slug}.",
    props: [
      ...TITLE_SLUG,
      enumeration("kind", "Kind", ["case-study", "report", "guide", "webinar"], true),
      str("description", "Description", true),
      media("cover", "Cover"),
      media("download", "Download"),
      SEO,
      FORM,
      ...SCHEDULE,
    ],
  },
  {
    name: "universal-id-page",
    label: "Universal ID page",
    desc: "Sign-up and detail pages under /universal-id/{slug} and /partner-sign-up/{slug}.",
    props: [
      ...TITLE_SLUG,
      str("audience", "Audience"),
      str("description", "Description", true),
      SEO,
      groupPointer("hero", "Hero", "hero"),
      FORM,
      ...SCHEDULE,
    ],
  },
  {
    name: "job",
    label: "Job",
    desc: "An open position listed on /jobs.",
    props: [
      ...TITLE_SLUG,
      str("department", "Department", true),
      str("location", "Location", true),
      enumeration(
        "employment_type",
        "Employment type",
        ["full-time", "part-time", "contract"],
        true,
      ),
      str("apply_url", "Apply URL", true),
      str("description", "Description", true),
      ...SCHEDULE,
    ],
  },
  {
    name: "form",
    label: "Form",
    desc: "A form shown below the body of the pages that point to it, and where its submissions go.",
    props: [
      ...TITLE_SLUG,
      str("heading", "Heading"),
      str("intro", "Intro"),
      groupPointer("fields", "Fields", "form-field", true, true),
      richText("consent_label", "Consent label"),
      str("consent_version", "Consent version"),
      str("submit_label", "Submit label", true),
      enumeration("outcome", "Outcome", ["redirect", "message"], true),
      str("redirect_path", "Redirect path"),
      str("success_message", "Success message"),
      str("destination", "Destination", true),
    ],
  },
  {
    name: "consent-banner",
    label: "Consent banner",
    desc: "The wording of the cookie-consent banner. The most recently updated published entry is shown. Change the version when every visitor must be asked again.",
    props: [
      ...TITLE_SLUG,
      str("version", "Version", true),
      str("heading", "Heading", true),
      richText("body", "Body", false, true),
      str("accept_label", "Accept label", true),
      str("reject_label", "Reject label", true),
      str("choose_label", "Choose label", true),
      str("save_label", "Save label", true),
      groupPointer("necessary", "Necessary", "consent-category", false, true),
      groupPointer("analytics", "Analytics", "consent-category", false, true),
      groupPointer("advertising", "Advertising", "consent-category", false, true),
      str("gpc_notice", "GPC notice", true),
      str("saved_notice", "Saved notice", true),
      str("policy_label", "Policy label", true),
      entryPointer("policy_page", "Policy page", "legal-page", true),
    ],
  },
];

function buildProp(ownerKey: string, spec: PropSpec): Prop {
  let data: PropData;
  switch (spec.type) {
    case "STRING":
      data = { propString: [] };
      break;
    case "NUMBER":
      data = { propNumber: [] };
      break;
    case "BOOLEAN":
      data = { propBool: [] };
      break;
    case "DATE":
      data = { propDate: [] };
      break;
    case "ENUMERATION":
      data = { propEnum: { items: [...(spec.items ?? [])] } };
      break;
    case "MEDIA":
      data = { propMedia: [] };
      break;
    case "GROUP_POINTER":
      if (!spec.group) throw new Error(`${ownerKey}.${spec.name}: group pointer without group`);
      data = { propGroupPointer: { _id: groupId(spec.group) } };
      break;
    case "ENTRY_POINTER":
      if (!spec.template)
        throw new Error(`${ownerKey}.${spec.name}: entry pointer without template`);
      if (!TEMPLATE_SPECS.some((t) => t.name === spec.template)) {
        throw new Error(`${ownerKey}.${spec.name}: unknown template "${spec.template}"`);
      }
      data = {
        propEntryPointer: [
          { templateId: templateId(spec.template), entryIds: [], displayProp: "title" },
        ],
      };
      break;
    case "RICH_TEXT":
      data = { propRichText: [] };
      break;
  }
  return {
    id: uuid(`prop:${ownerKey}:${spec.name}`),
    type: spec.type,
    required: spec.required ?? false,
    name: spec.name,
    label: spec.label,
    array: spec.array ?? false,
    data,
  };
}

export const groupId = (name: string) => objectId("group", name);
export const widgetId = (name: string) => objectId("widget", name);
export const templateId = (name: string) => objectId("template", name);

const stored = (id: string) => storedFields(id);

export const groups: Group[] = GROUP_SPECS.map((s) => ({
  ...stored(groupId(s.name)),
  name: s.name,
  label: s.label,
  desc: s.desc,
  props: s.props.map((p) => buildProp(`group:${s.name}`, p)),
}));

export const widgets: Widget[] = WIDGET_SPECS.map((s) => ({
  ...stored(widgetId(s.name)),
  name: s.name,
  label: s.label,
  desc: s.desc,
  previewImage: "",
  props: s.props.map((p) => buildProp(`widget:${s.name}`, p)),
}));

export const templates: Template[] = TEMPLATE_SPECS.map((s) => ({
  ...stored(templateId(s.name)),
  name: s.name,
  label: s.label,
  desc: s.desc,
  singleEntry: false,
  props: s.props.map((p) => buildProp(`template:${s.name}`, p)),
}));

function byName<T extends { name: string }>(list: T[], kind: string): (name: string) => T {
  const map = new Map(list.map((x) => [x.name, x]));
  return (name) => {
    const found = map.get(name);
    if (!found) throw new Error(`Unknown ${kind} "${name}"`);
    return found;
  };
}

export const getGroup = byName(groups, "group");
export const getWidget = byName(widgets, "widget");
export const getTemplate = byName(templates, "template");

export const groupById = (id: string): Group | undefined => groups.find((g) => g._id === id);
