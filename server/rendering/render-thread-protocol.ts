// The messages between the serving thread (render-thread.ts) and the render thread
// (render-worker.ts). Everything in them is structured-cloneable.
import type { LogLevel, SiteEnv } from "../../app/config/env.server";
import type { CmsValueKind } from "../../app/content/cms-values/checked";
import type { ClassifiedChange } from "../../app/content/content-changes.server";
import type { RequestFacts } from "../../app/forms/contract";
import type { LogFields } from "../../app/logging/logger.server";
import type { Encoding } from "../serving/compression";

export interface RenderThreadData {
  buildDir: string;
  env: SiteEnv;
  niceness: number;
  /** Present when the serving thread has a store of published versions to lend. */
  publishedVersions: boolean;
  /** Present when the serving thread has a forms service (its key signs form stamps). */
  forms?: { signingKey: Uint8Array; previousSigningKey?: Uint8Array; minSubmitSeconds: number };
}

export interface ServiceCall {
  type: "call";
  id: number;
  service: "publishedVersions" | "forms";
  method: string;
  args: unknown[];
}

export interface SentError {
  name: string;
  message: string;
}

export type ToRenderThread =
  | {
      type: "render";
      id: number;
      url: string;
      method: string;
      headers: [string, string][];
      /** An action's form, as the server read it (within its limit). */
      body?: ArrayBuffer;
      facts?: RequestFacts;
    }
  /** The serving thread asks what only the thread's content client knows (answered by id). */
  | { type: "ask"; id: number; question: ContentQuestion }
  /** From now on the thread watches the CMS for changes and reports them. */
  | { type: "watch" }
  | { type: "unwatch" }
  | { type: "result"; id: number; value?: unknown; error?: SentError };

export type ContentQuestion = "readContentVersions" | "readRedirectSources";

export type FromRenderThread =
  | { type: "ready" }
  | {
      type: "rendered";
      id: number;
      status: number;
      headers: [string, string][];
      body: ArrayBuffer | null;
      /** The body compressed for the request's Accept-Encoding, when it is compressible. */
      encoded?: { encoding: Encoding; body: ArrayBuffer };
    }
  | { type: "failed"; id: number; error: SentError }
  | { type: "answer"; id: number; value?: unknown; error?: SentError }
  /** A content change, classified by the thread's own watch. */
  | { type: "changed"; change: ClassifiedChange }
  /** The thread's watch has its socket open: no event is missed from now on. */
  | { type: "watching" }
  /** The thread's socket closed (it reconnects by itself). */
  | { type: "socket-down" }
  /** The thread's V8 heap, in bytes, sent every HEAP_REPORT_INTERVAL_MS. */
  | { type: "heap"; used: number; total: number }
  | { type: "log"; level: LogLevel; message: string; fields?: LogFields }
  /** A value of the CMS refused by its check: counted by the serving thread. */
  | { type: "refused-value"; kind: CmsValueKind }
  | ServiceCall;

/** How often the render thread reports its heap (a scrape every 15 s sees a fresh one). */
export const HEAP_REPORT_INTERVAL_MS = 5_000;

/** An error as it crosses the port (its name and message; the stack stays behind). */
export function sentErrorOf(error: unknown): SentError {
  return {
    name: error instanceof Error ? error.name : "Error",
    message: error instanceof Error ? error.message : String(error),
  };
}

export function errorOf(sent: SentError): Error {
  const error = new Error(sent.message);
  error.name = sent.name;
  return error;
}
