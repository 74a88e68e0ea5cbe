// What issue 19 keeps in the site's store: the last public version of each entry (so a
// reworked live page stays public) and the revocations of preview links. Both must be
// shared by every instance: this is the interface the site uses; sqlite-drafts-store.ts
// is its implementation until the shared store (server/store/) takes these tables.
import type { PublishedVersionStore } from "../../app/content/published-versions";

export type { PublishedVersionStore };

/** Which links a revocation voids: every link of one entry, or every link. */
export type RevocationScope = { entryId: string } | "all";

export interface PreviewRevocationStore {
  /** Voids the links of `scope` issued at or before `at` (ms). */
  revokePreviewLinks(scope: RevocationScope, at: number): Promise<void>;
  /**
   * The newest revocation time that covers links of this entry (its own or of all links),
   * or 0: a link issued at or before it is void.
   */
  previewLinksRevokedAt(entryId: string): Promise<number>;
}

export interface DraftsStore extends PublishedVersionStore, PreviewRevocationStore {
  close(): Promise<void>;
}
