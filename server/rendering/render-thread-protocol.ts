// The messages between the serving thread (render-thread.ts) and the render thread
// (render-worker.ts). Everything in them is structured-cloneable.
import type { LogLevel, SiteEnv } from "../../app/config/env.server";
import type { RequestFacts } from "../../app/forms/service";
import type { LogFields } from "../../app/logging/logger.server";
import type { Encoding } from "../serving/compression";

/** What the render thread is started with. */
export interface RenderThreadData {
  buildDir: string;
  env: SiteEnv;
  /** The nice value the thread gives itself (render-thread.ts). */
  niceness: number;
  /** Present when the serving thread has a store of published versions to lend. */
  publishedVersions: boolean;
  /** Present when the serving thread has a forms service (its key signs form stamps). */
  forms?: { signingKey: Uint8Array; minSubmitSeconds: number };
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
  | { type: "forget"; id: number }
  | { type: "result"; id: number; value?: unknown; error?: SentError };

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
  | { type: "forgotten"; id: number }
  | { type: "log"; level: LogLevel; message: string; fields?: LogFields }
  | ServiceCall;
