/** HTTP plumbing shared by the routes: BCMS's `{message}` errors, JSON replies, bounded JSON bodies. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { NO_STORE } from "../app/config/cache-control";

/** Largest JSON body accepted; BCMS entries are far smaller, a bigger body is abuse or a bug. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** An error that becomes `status {"message": ...}`, the only error shape BCMS uses. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);

export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": NO_STORE,
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : text);
}

/** Text gathered before it becomes one buffer of a list's body. */
const LIST_CHUNK_CHARS = 64 * 1024;

/**
 * `{"items":[…],"total":n,"limit":n,"offset":0}`, the bytes JSON.stringify would write, made
 * one item at a time: a list of 10,000 parsed entries is a 22 MB text, and made whole (the
 * parsed items, then their one string) it took the content service's thread 114 MB past its
 * store, on the site's own thread when the service is embedded. Here an item is garbage once
 * written; the body waits outside the heap, in buffers. Still synchronous, so a list is one
 * moment of the store, as before.
 */
export function sendJsonList(
  req: IncomingMessage,
  res: ServerResponse,
  items: Iterable<unknown>,
): void {
  const chunks: Buffer[] = [];
  let text = '{"items":[';
  let count = 0;
  for (const item of items) {
    text += `${count === 0 ? "" : ","}${JSON.stringify(item) ?? "null"}`;
    count += 1;
    if (text.length >= LIST_CHUNK_CHARS) {
      chunks.push(Buffer.from(text));
      text = "";
    }
  }
  chunks.push(Buffer.from(`${text}],"total":${count},"limit":${count},"offset":0}`));
  res.writeHead(200, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0),
    "Cache-Control": NO_STORE,
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
}

export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(req, res, status, { message });
}

/** Beyond this an oversized upload is cut off instead of being read and discarded. */
const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Reads a JSON body of at most `limit` bytes. A larger body is refused with 413
 * without being buffered: the rest is read and discarded (so the client gets
 * the answer instead of a reset connection), up to a hard cap after which the
 * connection is cut.
 */
export async function readJsonBody(
  req: IncomingMessage,
  limit = MAX_JSON_BODY_BYTES,
): Promise<unknown> {
  const tooLarge = () => new HttpError(413, `Request body is larger than ${limit} bytes`);
  const announced = Number(req.headers["content-length"]);
  if (Number.isFinite(announced) && announced > DISCARD_LIMIT_BYTES) {
    req.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > DISCARD_LIMIT_BYTES) {
      req.destroy();
      throw tooLarge();
    }
    if (size <= limit) chunks.push(buffer);
  }
  if (size > limit) throw tooLarge();
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") throw badRequest("Request body must be a JSON object");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest(`Request body is not valid JSON: ${(error as Error).message}`);
  }
}
