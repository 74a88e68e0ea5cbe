// Content types of the files a build can hold, and which of them are worth compressing.
import path from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".data": "text/x-script",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".rss": "application/rss+xml; charset=utf-8",
  ".atom": "application/atom+xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

export const DEFAULT_CONTENT_TYPE = "application/octet-stream";

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}

/** Text formats: html, js, css, json, svg, xml, plain text and React Router's `.data` payloads. */
export function isCompressibleType(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  const type = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  return (
    type.startsWith("text/") ||
    type === "application/json" ||
    type === "application/javascript" ||
    type === "application/manifest+json" ||
    type === "application/xml" ||
    type === "application/rss+xml" ||
    type === "application/atom+xml" ||
    type === "image/svg+xml" ||
    type.endsWith("+json")
  );
}

export function isHtmlType(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  return (contentType.split(";")[0] ?? "").trim().toLowerCase() === "text/html";
}

/** Pages and client-navigation payloads: what the render cache and the HTML cache policy cover. */
export function isPageType(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  const type = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  return type === "text/html" || type === "text/x-script";
}
