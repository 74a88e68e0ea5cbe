// Which content each page read (app/content/content-tags.server.ts), so a change retires
// only its dependents. The build writes what prerendering recorded (build/content-tags.json);
// every rendering since (its Cache-Tag header) replaces a page's record, and the server writes
// the record back with the content versions (content-ledger.ts). A page with no record
// depends on everything.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { EVERYTHING } from "../../app/content/content-tags.server";

/** Written by scripts/build.ts next to client/ and server/ (not served). */
export const CONTENT_TAGS_MANIFEST_FILE = "content-tags.json";

export interface ContentTagsManifest {
  /** Page path ("/", "/about", "/news/feed.xml") → the tags its rendering read. */
  pages: Record<string, string[]>;
}

/** Tags naming one thing (content-tags.server.ts), as opposed to a list or everything. */
const NAMED_TAG = /^(entry|path|media):/;

export class ContentDependencies {
  private readonly tagsByPage = new Map<string, ReadonlySet<string>>();

  static async load(buildDir: string): Promise<ContentDependencies> {
    const dependencies = new ContentDependencies();
    let text: string;
    try {
      text = await readFile(path.join(buildDir, CONTENT_TAGS_MANIFEST_FILE), "utf8");
    } catch {
      return dependencies;
    }
    const parsed = JSON.parse(text) as Partial<ContentTagsManifest>;
    for (const [page, tags] of Object.entries(parsed.pages ?? {})) {
      if (Array.isArray(tags)) dependencies.record(page, tags.map(String));
    }
    return dependencies;
  }

  get size(): number {
    return this.tagsByPage.size;
  }

  record(page: string, tags: Iterable<string>): void {
    this.tagsByPage.set(page, new Set(tags));
  }

  forget(page: string): void {
    this.tagsByPage.delete(page);
  }

  toManifest(): ContentTagsManifest {
    return {
      pages: Object.fromEntries(
        [...this.tagsByPage]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([page, tags]) => [page, [...tags].sort()]),
      ),
    };
  }

  tagsOf(page: string): readonly string[] | undefined {
    const tags = this.tagsByPage.get(page);
    return tags && [...tags];
  }

  /** Whether a page that read `read` (undefined: not known) is touched by `changed`. */
  static touches(read: Iterable<string> | undefined, changed: readonly string[]): boolean {
    if (read === undefined || changed.includes(EVERYTHING)) return true;
    const readSet = read instanceof Set ? (read as ReadonlySet<string>) : new Set(read);
    return changed.some((tag) => readSet.has(tag));
  }

  /**
   * The pages that read any of `changed`: those that read a changed thing by name first, so
   * an edited article's own page is rendered again before the thousand list pages showing it.
   */
  affected(pages: Iterable<string>, changed: readonly string[]): string[] {
    const named = changed.filter((tag) => NAMED_TAG.test(tag));
    const first: string[] = [];
    const then: string[] = [];
    for (const page of pages) {
      const read = this.tagsByPage.get(page);
      if (!ContentDependencies.touches(read, changed)) continue;
      if (read && named.some((tag) => read.has(tag))) first.push(page);
      else then.push(page);
    }
    return [...first, ...then];
  }
}
