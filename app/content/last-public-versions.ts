// What the content layer needs of the site's store to keep reworked entries public: the
// last public version of each entry, recorded as the site reads it (issue 19). The server
// installs a durable, shared store (server/store/); prerendering gets a file the build
// reads from and writes back to the store (last-public-versions.server.ts). (Not the content
// versions of content-versions.ts: those are the CMS's update times, kept to catch up at start.)

/** The last version of an entry that visitors could see. */
export interface PublishedVersion {
  entryId: string;
  templateName: string;
  /** Tells versions apart: the entry's updatedAt, or a hash of it when the CMS has none. */
  versionKey: string;
  /** The parsed entry as the site read it while it was public (plain JSON). */
  entry: unknown;
  /** When this instance recorded it (ms). */
  recordedAt: number;
  /** The site address the entry had in this version, when it has one. */
  path?: string;
}

export interface PublishedVersionKey {
  entryId: string;
  versionKey: string;
  path?: string;
}

/** An address an entry was public at: every one is kept, so an old one can redirect. */
export interface EntryAddressRecord {
  entryId: string;
  path: string;
  templateName: string;
  /** When a version at this address was first and last recorded (ms). */
  firstPublicAt: number;
  lastPublicAt: number;
}

export interface PublishedVersionStore {
  /** The recorded version keys of a template's entries (no content: cheap). */
  listPublishedVersionKeys(templateName: string): Promise<PublishedVersionKey[]>;
  /** The recorded versions of these entries (those that have one). */
  getPublishedVersions(entryIds: readonly string[]): Promise<PublishedVersion[]>;
  /**
   * Inserts or replaces each entry's version, all or none; a version with a path also notes
   * that the entry was public at that address (kept after the entry moves on).
   */
  recordPublishedVersions(versions: readonly PublishedVersion[]): Promise<void>;
  /** Forgets these entries' versions and addresses (the entries were deleted). */
  removePublishedVersions(entryIds: readonly string[]): Promise<void>;
  /** Every address an entry that is not deleted was public at. */
  listEntryAddresses(): Promise<EntryAddressRecord[]>;
}
