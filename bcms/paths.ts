// Builds BCMS API paths. Every dynamic segment is URL-encoded: ids, slugs, status labels and
// file names come from content or visitors and must never change the shape of the path.

export const API_PREFIX = "/api/v3";

/**
 * Encodes one path segment. `.` and `..` are refused: URL parsing treats them (even as `%2E`)
 * as dot segments and would climb out of the intended path.
 */
export function encodePathSegment(segment: string): string {
  if (typeof segment !== "string" || segment.length === 0) {
    throw new TypeError("A BCMS path segment must be a non-empty string");
  }
  if (segment === "." || segment === "..") {
    throw new TypeError(`A BCMS path segment cannot be "${segment}"`);
  }
  return encodeURIComponent(segment);
}

/** `/a/b/c` from segments, each encoded. */
export function buildPath(...segments: string[]): string {
  return `/${segments.map(encodePathSegment).join("/")}`;
}

/** REST base of one instance: `/api/v3/org/{orgId}/instance/{instanceId}`. */
export function instanceBasePath(orgId: string, instanceId: string): string {
  return `${API_PREFIX}${buildPath("org", orgId, "instance", instanceId)}`;
}
