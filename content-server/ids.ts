/** BCMS identifiers: 24-hex ObjectIds for entities, 40-hex ids for socket connections. */
import { randomBytes } from "node:crypto";

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** Only lower-case 24-hex ids ever reach the file system, so no id can name a path. */
export function isObjectId(value: unknown): value is string {
  return typeof value === "string" && OBJECT_ID.test(value);
}

/** A MongoDB-style ObjectId: 4 bytes of seconds, then 8 random bytes, so ids sort by creation. */
export function newObjectId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, "0")
    .slice(-8);
  return seconds + randomBytes(8).toString("hex");
}

export function newConnectionId(): string {
  return randomBytes(20).toString("hex");
}
