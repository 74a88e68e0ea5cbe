/**
 * Content for unit tests of the content layer (app/content): an in-memory stand-in for the
 * site's content client (published entries per template in one default language, the media
 * list, an outage switch; tests replace `getContentClient` with `content.client`), entries
 * as the layer sees them, and BCMS values.
 */

import type {
  EntryContentParsedItem,
  EntryParsed,
  Language,
  MediaTypeName,
  PropParsed,
} from "@thebcms/types";
import type { LocalEntry } from "../../app/content/entries.server";
import type { BcmsClient } from "../../bcms";
import type { BcmsMedia } from "../../bcms/media-api";

export const TEST_LANGUAGE = "en";
/** When every test entry last changed (its `updatedAt`), and as the content layer writes it. */
export const TEST_UPDATED_AT = 1_700_000_000_000;
export const TEST_MODIFIED_AT = "2023-11-14T22:13:20Z";

export interface TestEntry {
  /** 24 hex digits, as BCMS ids are (internal links are matched on that shape). */
  id: string;
  meta: Record<string, unknown>;
  content?: unknown[];
  /** Default: published. */
  status?: "Published" | "Draft";
}

export interface TestMedia {
  _id: string;
  name: string;
  type: MediaTypeName;
}

/**
 * The reads the content layer makes (app/content/entries.server.ts, media.server.ts), typed
 * by the real client: a change to one of them breaks the stand-in's compile, not a test.
 */
export interface ContentReads {
  entry: Pick<BcmsClient["entry"], "getAllParsed">;
  language: Pick<BcmsClient["language"], "getAll">;
  media: Pick<BcmsClient["media"], "getAll">;
}

export interface InMemoryContent {
  client: BcmsClient;
  /** Replaces everything: entries by template name, and the media list. */
  reset(content?: { entries?: Record<string, TestEntry[]>; media?: TestMedia[] }): void;
  /** Every read fails with `error` until the next reset (a CMS outage). */
  failWith(error: Error): void;
}

/** Who and where, for the fields the content layer never reads. */
const OWNER = { instanceId: "64f0c0de0000000000000002", userId: "64f0c0de00000000000000aa" };

/** An entry as the client parses it: meta and content keyed by language, a status each. */
export function parsedTestEntry(templateName: string, entry: TestEntry): EntryParsed {
  return {
    ...OWNER,
    _id: entry.id,
    templateId: `template-${templateName}`,
    templateName,
    createdAt: TEST_UPDATED_AT,
    updatedAt: TEST_UPDATED_AT,
    statuses: [
      { lng: TEST_LANGUAGE, id: entry.status ?? "Published", label: entry.status ?? "Published" },
    ],
    // Test data is written loosely; the layer under test is what must make sense of it.
    meta: { [TEST_LANGUAGE]: entry.meta as PropParsed },
    content: { [TEST_LANGUAGE]: (entry.content ?? []) as EntryContentParsedItem[] },
  };
}

/** The languages the client lists: one, the default. */
export const TEST_LANGUAGES: Language[] = [
  {
    ...OWNER,
    _id: "language-en",
    createdAt: TEST_UPDATED_AT,
    updatedAt: TEST_UPDATED_AT,
    code: TEST_LANGUAGE,
    name: "English",
    nativeName: "English",
    default: true,
  },
];

/** A media item as the client lists it, with what a test gave. */
function toMedia(item: TestMedia): BcmsMedia {
  return {
    ...OWNER,
    ...item,
    createdAt: TEST_UPDATED_AT,
    updatedAt: TEST_UPDATED_AT,
    mimetype: "application/octet-stream",
    size: 0,
    isInRoot: true,
    hasChildren: false,
    parentId: "",
    altText: "",
    caption: "",
    width: 0,
    height: 0,
  };
}

export function createInMemoryContent(): InMemoryContent {
  let entries: Record<string, TestEntry[]> = {};
  let media: TestMedia[] = [];
  let failure: Error | undefined;
  const read = async <T>(value: () => T): Promise<T> => {
    if (failure) throw failure;
    return value();
  };
  const client = {
    entry: {
      getAllParsed: (template: string) =>
        read(() => (entries[template] ?? []).map((e) => parsedTestEntry(template, e))),
    },
    language: { getAll: () => read(() => TEST_LANGUAGES) },
    media: { getAll: () => read(() => media.map(toMedia)) },
  } satisfies ContentReads;
  return {
    // Only the reads the content layer makes are here (typed as the client types them);
    // anything else fails loudly.
    client: client as ContentReads as BcmsClient,
    reset(content = {}) {
      entries = content.entries ?? {};
      media = content.media ?? [];
      failure = undefined;
    },
    failWith(error) {
      failure = error;
    },
  };
}

/** A parsed BCMS image value, with size transforms like those the CMS makes. */
export function testImage(id: string, name = "photo.jpg") {
  return {
    _id: id,
    name,
    type: "IMG",
    mimetype: "image/jpeg",
    width: 1600,
    height: 900,
    alt_text: "A photo",
    sizeTransforms: ["350x197", "650x366", "1024x576", "1600x900"],
  };
}

/** A BCMS DATE value for a day (UTC). */
export function testDate(isoDay: string) {
  return { timestamp: Date.parse(`${isoDay}T00:00:00Z`), timezoneOffset: 0 };
}

/** The status and body of a `data()` response a loader threw (404, 503). */
export async function thrownResponse(
  promise: Promise<unknown>,
): Promise<{ status: number | undefined; body: unknown }> {
  try {
    await promise;
  } catch (error) {
    // React Router's `data()` value: {data, init}. Anything else is a real failure.
    if (typeof error !== "object" || error === null || !("init" in error && "data" in error)) {
      throw error;
    }
    const init = error.init as { status?: number } | null;
    return { status: init?.status, body: error.data };
  }
  throw new Error("expected the loader to throw a response");
}

/** An entry as the content layer holds it after localising (one language). */
export function testLocalEntry(
  templateName: string,
  meta: Record<string, unknown>,
  content: unknown[] = [],
): LocalEntry {
  return { id: "e".repeat(24), templateName, meta, content, updatedAt: TEST_UPDATED_AT };
}
