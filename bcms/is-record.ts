// The one check that a parsed JSON value is a plain object: used by the library, the
// local content service and the content layer alike.
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
