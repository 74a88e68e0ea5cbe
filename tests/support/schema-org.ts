// The schema.org vocabulary the site's structured data may use, for tests: for each type
// it emits, the properties schema.org defines on that type or a type it inherits from
// (schema.org/Thing, CreativeWork, Article, Event, Place, ...). Not the whole vocabulary:
// the part a reviewer can check by reading the type's page. A property outside it, a type
// outside it, or a nested object without a type fails `schemaOrgProblems`.

const THING = [
  "additionalType",
  "alternateName",
  "description",
  "disambiguatingDescription",
  "identifier",
  "image",
  "mainEntityOfPage",
  "name",
  "potentialAction",
  "sameAs",
  "subjectOf",
  "url",
];

const CREATIVE_WORK = [
  ...THING,
  "about",
  "abstract",
  "author",
  "contributor",
  "copyrightHolder",
  "copyrightYear",
  "creator",
  "dateCreated",
  "dateModified",
  "datePublished",
  "headline",
  "inLanguage",
  "isPartOf",
  "keywords",
  "license",
  "mainEntity",
  "publisher",
  "thumbnailUrl",
  "text",
];

const ARTICLE = [
  ...CREATIVE_WORK,
  "articleBody",
  "articleSection",
  "pageEnd",
  "pageStart",
  "wordCount",
];

const ORGANIZATION = [
  ...THING,
  "address",
  "brand",
  "contactPoint",
  "email",
  "founder",
  "foundingDate",
  "legalName",
  "logo",
  "parentOrganization",
  "subOrganization",
  "telephone",
];

const PLACE = [...THING, "address", "geo", "hasMap", "latitude", "longitude", "telephone"];

const MEDIA_OBJECT = [
  ...CREATIVE_WORK,
  "contentSize",
  "contentUrl",
  "encodingFormat",
  "height",
  "uploadDate",
  "width",
];

const ITEM_LIST = [...THING, "itemListElement", "itemListOrder", "numberOfItems"];

/** Properties allowed on each type (inherited ones included). */
export const SCHEMA_ORG_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  Organization: ORGANIZATION,
  Person: [...THING, "affiliation", "email", "familyName", "givenName", "jobTitle", "worksFor"],
  WebSite: [...CREATIVE_WORK, "issn"],
  WebPage: [...CREATIVE_WORK, "breadcrumb", "lastReviewed", "primaryImageOfPage"],
  NewsArticle: [...ARTICLE, "dateline", "printColumn", "printEdition", "printPage", "printSection"],
  Event: [
    ...THING,
    "about",
    "attendee",
    "duration",
    "endDate",
    "eventAttendanceMode",
    "eventStatus",
    "inLanguage",
    "isAccessibleForFree",
    "location",
    "maximumAttendeeCapacity",
    "offers",
    "organizer",
    "performer",
    "previousStartDate",
    "sponsor",
    "startDate",
    "subEvent",
    "superEvent",
  ],
  Place: PLACE,
  VirtualLocation: THING,
  PostalAddress: [
    ...THING,
    "addressCountry",
    "addressLocality",
    "addressRegion",
    "postalCode",
    "streetAddress",
  ],
  ImageObject: [...MEDIA_OBJECT, "caption", "representativeOfPage"],
  BreadcrumbList: ITEM_LIST,
  ListItem: [...THING, "item", "nextItem", "position", "previousItem"],
};

/** JSON-LD keywords: not properties. */
const KEYWORDS = new Set(["@context", "@type", "@id"]);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: Json): value is { [key: string]: Json } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Every problem of a JSON-LD value: an unknown type or property, a nested object that is
 * neither typed nor a bare reference (`{"@id": ...}`), a context other than schema.org's.
 */
export function schemaOrgProblems(value: Json, path = "$"): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => schemaOrgProblems(item, `${path}[${i}]`));
  if (!isObject(value)) return [];
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === "@id") return [];
  const problems: string[] = [];
  const context = value["@context"];
  if (context !== undefined && context !== "https://schema.org") {
    problems.push(`${path}: @context ${JSON.stringify(context)}`);
  }
  const type = value["@type"];
  const allowed = typeof type === "string" ? SCHEMA_ORG_PROPERTIES[type] : undefined;
  if (!allowed) return [...problems, `${path}: type ${JSON.stringify(type)} is not in the table`];
  for (const key of keys) {
    if (KEYWORDS.has(key)) continue;
    if (!allowed.includes(key)) problems.push(`${path}: ${type} has no property "${key}"`);
    problems.push(...schemaOrgProblems(value[key] as Json, `${path}.${key}`));
  }
  return problems;
}

/** What the site promises each type it emits carries (the brief's, and search engines'). */
export const REQUIRED_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  Organization: ["name", "url", "logo"],
  WebSite: ["name", "url"],
  NewsArticle: [
    "headline",
    "datePublished",
    "dateModified",
    "image",
    "author",
    "publisher",
    "mainEntityOfPage",
  ],
  Event: ["name", "startDate", "url"],
  BreadcrumbList: ["itemListElement"],
  ListItem: ["position", "name", "item"],
  Place: ["name", "address"],
  VirtualLocation: ["url"],
};

/** Every required property missing (or empty) in a JSON-LD value or the objects it holds. */
export function missingProperties(value: Json, path = "$"): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => missingProperties(item, `${path}[${i}]`));
  if (!isObject(value)) return [];
  const type = value["@type"];
  const required = typeof type === "string" ? (REQUIRED_PROPERTIES[type] ?? []) : [];
  const missing = required
    .filter((key) => {
      const present = value[key];
      return (
        present === undefined || present === "" || (Array.isArray(present) && present.length === 0)
      );
    })
    .map((key) => `${path}: ${type} lacks "${key}"`);
  return [
    ...missing,
    ...Object.entries(value).flatMap(([key, inner]) => missingProperties(inner, `${path}.${key}`)),
  ];
}

export type { Json as JsonLdJson };
