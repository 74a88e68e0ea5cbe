// An attribute value escaped as React's server renderer escapes it: the banner's markup is
// made with the page's address put in this way, and the server splices stored pages with it.
const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&#x27;",
  "<": "&lt;",
  ">": "&gt;",
};

export function escapeAttribute(value: string): string {
  return value.replace(/["&'<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}
