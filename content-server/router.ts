/**
 * Routing of `/api/v3/org/{orgId}/instance/{instanceId}/...`. Paths are split on
 * raw `/` before percent-decoding, so an encoded slash (`%2F`) or dot segment
 * (`%2e%2e`) stays inside one parameter and can never change which route runs;
 * ids are then checked to be 24-hex before any lookup.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ContentIdentity } from "../app/config/local-content";
import type { SiteLogger } from "../app/logging/logger.server";
import { API_PREFIX } from "../bcms";
import { sendJson, sendJsonList } from "./http";
import type { MediaBinService } from "./media-bin";
import type { EntryParser } from "./parser";
import type { ContentStore } from "./snapshot-store";
import type { SocketHub } from "./socket";

export interface AppContext {
  store: ContentStore;
  parser: EntryParser;
  mediaBin: MediaBinService;
  sockets: SocketHub;
  identity: ContentIdentity;
  logger: SiteLogger;
}

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
  app: AppContext;
}

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface Route {
  method: Method;
  /** Segments after the instance base; `:name` captures one decoded segment. */
  segments: string[];
  handle(context: RouteContext): Promise<void> | void;
}

export function route(method: Method, pattern: string, handle: Route["handle"]): Route {
  return { method, segments: pattern.split("/"), handle };
}

export interface ParsedApiPath {
  orgId: string;
  instanceId: string;
  rest: string[];
}

/** Splits a raw request path into org, instance and decoded remaining segments; undefined if not an API path. */
export function parseApiPath(rawPath: string): ParsedApiPath | undefined {
  const orgPrefix = `${API_PREFIX}/org/`;
  if (!rawPath.startsWith(orgPrefix)) return undefined;
  const raw = rawPath.slice(orgPrefix.length).split("/");
  if (raw[1] !== "instance") return undefined;
  let decoded: string[];
  try {
    decoded = raw.map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
  const [orgId, , instanceId, ...rest] = decoded;
  if (orgId === undefined || instanceId === undefined) return undefined;
  return { orgId, instanceId, rest };
}

export function matchRoute(
  routes: readonly Route[],
  method: string,
  segments: readonly string[],
): { route: Route; params: Record<string, string> } | undefined {
  // HEAD is answered by the GET handler; the response helpers send no body for it.
  const wanted = method === "HEAD" ? "GET" : method;
  for (const candidate of routes) {
    if (candidate.method !== wanted || candidate.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matched = candidate.segments.every((part, index) => {
      const segment = segments[index] ?? "";
      if (part.startsWith(":")) {
        if (segment === "") return false;
        params[part.slice(1)] = segment;
        return true;
      }
      return part === segment;
    });
    if (matched) return { route: candidate, params };
  }
  return undefined;
}

/** BCMS's list envelope; there is no pagination, so total and limit echo the count. */
export function sendItems(context: RouteContext, items: Iterable<unknown>): void {
  sendJsonList(context.req, context.res, items);
}

export function sendItem(context: RouteContext, item: unknown): void {
  sendJson(context.req, context.res, 200, { item });
}
