/**
 * Deterministic identities for the seed snapshot: every id is derived from a
 * stable "kind:name" key, so the same input always gives the same snapshot.
 */
import { createHash } from "node:crypto";

/** Local identity of the embedded content service (docs/content-model.md). */
export const ORG_ID = "64f0c0de0000000000000001";
export const INSTANCE_ID = "64f0c0de0000000000000002";
/** The (fictional) CMS user who authored the seed. */
export const USER_ID = "64f0c0de00000000000000aa";

/** 2026-01-05T09:00:00Z: when the seed's schema and media were "created". */
export const CREATED_AT = Date.UTC(2026, 0, 5, 9, 0, 0);
/** 2026-01-12T15:30:00Z: when they were last "updated". */
export const UPDATED_AT = Date.UTC(2026, 0, 12, 15, 30, 0);

/** The fields BCMS stores on every entity: the seed's identity, and its "created" and "updated" times. */
export function storedFields(id: string, createdAt = CREATED_AT, updatedAt = UPDATED_AT) {
  return { _id: id, createdAt, updatedAt, instanceId: INSTANCE_ID, userId: USER_ID };
}

function sha1(input: string): string {
  return createHash("sha1").update(input).digest("hex");
}

/** A 24 lower-case hex id (the shape of a Mongo ObjectId) for an entity. */
export function objectId(kind: string, name: string): string {
  return sha1(`${kind}:${name}`).slice(0, 24);
}

/** The id of an entry, from its template name and slug. */
export const entryId = (template: string, slug: string) => objectId("entry", `${template}:${slug}`);

/** A uuid-shaped (version 5 style) id, used for prop ids. */
export function uuid(key: string): string {
  const h = sha1(`uuid:${key}`);
  const variant = ((Number.parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    h.slice(0, 8),
    h.slice(8, 12),
    `5${h.slice(13, 16)}`,
    `${variant}${h.slice(17, 20)}`,
    h.slice(20, 32),
  ].join("-");
}

/** A short content hash, used as a media `version`. */
export function contentVersion(bytes: Uint8Array): string {
  return createHash("sha1").update(bytes).digest("hex").slice(0, 12);
}

/** Small seeded PRNG (mulberry32) for generated artwork. */
export function rng(seedKey: string): () => number {
  let a = Number.parseInt(sha1(`rng:${seedKey}`).slice(0, 8), 16) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
