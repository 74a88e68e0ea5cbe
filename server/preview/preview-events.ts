// The open previews, by entry: each is a Server-Sent Events stream that gets a `change`
// event when its entry (or something every page may show) changes in the CMS. The server's
// CMS socket already hears every edit (server/refresh/content-change.ts).
// A stream lasts only while its link is valid: the link is checked again (expiry and
// revocation) before every event and on a timer, and a stream whose link is no longer valid
// gets a last `change` (the page fetches itself and shows the refusal) and is closed. One
// client, and one link, may hold only a few streams, so no holder of a link fills the
// instance's places.
import { PRIVATE_NO_STORE } from "../../app/config/cache-control";

const encoder = new TextEncoder();
/** Comment lines keep proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;
/** What one instance keeps open at most; more previews wait for a free place (503). */
export const MAX_PREVIEW_STREAMS = 200;
/** Streams one client address may hold (an editor with a few previews open, each reconnecting). */
export const MAX_STREAMS_PER_CLIENT = 8;
/** Streams of one link (the same preview in a few tabs or frames). */
export const MAX_STREAMS_PER_LINK = 4;
/** How often every open stream's link is checked again, events or not. */
export const RECHECK_MS = 15_000;

/** Who holds a stream, and how to tell that its link is still valid. */
export interface StreamHolder {
  entryId: string;
  /** Names the link (its signature): streams of one link are counted together. */
  link: string;
  /** The client's address: streams of one client are counted together. */
  client: string;
  until: number;
  /** False once the link is revoked or expired; a failure to tell counts as false. */
  stillValid: () => Promise<boolean>;
}

/** Why a stream was not opened: the instance, the client or the link holds too many. */
export type StreamRefusal = "instance" | "client" | "link";

interface Stream {
  holder: StreamHolder;
  controller: ReadableStreamDefaultController<Uint8Array>;
  timers: NodeJS.Timeout[];
}

const CHANGE = () => `event: change\ndata: ${JSON.stringify({ at: Date.now() })}\n\n`;

export class PreviewEvents {
  private readonly streams = new Set<Stream>();
  private readonly maxStreams: number;
  private readonly recheck: NodeJS.Timeout;

  constructor(options: { maxStreams?: number; recheckMs?: number } = {}) {
    this.maxStreams = options.maxStreams ?? MAX_PREVIEW_STREAMS;
    this.recheck = setInterval(() => this.recheckAll(), options.recheckMs ?? RECHECK_MS);
    this.recheck.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /**
   * The event stream of one preview, or why it was refused. It ends by itself when the link
   * expires or is revoked, when the browser goes, or when the server closes.
   */
  open(holder: StreamHolder, signal?: AbortSignal): Response | StreamRefusal {
    if (this.streams.size >= this.maxStreams) return "instance";
    let ofClient = 0;
    let ofLink = 0;
    for (const { holder: other } of this.streams) {
      if (other.client === holder.client) ofClient++;
      if (other.link === holder.link) ofLink++;
    }
    if (ofClient >= MAX_STREAMS_PER_CLIENT) return "client";
    if (ofLink >= MAX_STREAMS_PER_LINK) return "link";
    let stream: Stream | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        const opened: Stream = { holder, controller, timers: [] };
        stream = opened;
        this.streams.add(opened);
        controller.enqueue(encoder.encode("retry: 1000\n\nevent: ready\ndata: {}\n\n"));
        opened.timers.push(
          setInterval(() => this.send(opened, ": keep-alive\n\n"), KEEPALIVE_MS).unref(),
          setTimeout(
            () => this.endInvalid(opened),
            Math.max(0, Math.min(holder.until - Date.now(), 2 ** 31 - 1)),
          ).unref(),
        );
      },
      cancel: () => {
        if (stream) this.end(stream);
      },
    });
    signal?.addEventListener("abort", () => stream && this.end(stream), { once: true });
    return new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": PRIVATE_NO_STORE,
        "X-Robots-Tag": "noindex",
        "X-Accel-Buffering": "no",
      },
    });
  }

  /**
   * Tells the previews of `entryId` (every preview when null) that they may have changed,
   * each once its link is found still valid. Returns how many streams were asked about.
   */
  notify(entryId: string | null): number {
    let asked = 0;
    for (const stream of this.streams) {
      if (entryId !== null && stream.holder.entryId !== entryId) continue;
      void this.ifValid(stream, () => this.send(stream, CHANGE()));
      asked++;
    }
    return asked;
  }

  recheckAll(): Promise<void> {
    return Promise.all([...this.streams].map((stream) => this.ifValid(stream, () => {}))).then(
      () => {},
    );
  }

  /** Ends every stream (the server is closing: in-flight requests must be able to finish). */
  close(): void {
    clearInterval(this.recheck);
    for (const stream of this.streams) this.end(stream);
  }

  private async ifValid(stream: Stream, then: () => void): Promise<void> {
    const valid = await stream.holder.stillValid().catch(() => false);
    if (!this.streams.has(stream)) return;
    if (valid) then();
    else this.endInvalid(stream);
  }

  /** A last `change`, so the open page fetches itself and shows the refusal; then the end. */
  private endInvalid(stream: Stream): void {
    this.send(stream, CHANGE());
    this.end(stream);
  }

  private send(stream: Stream, text: string): void {
    try {
      stream.controller.enqueue(encoder.encode(text));
    } catch {
      this.end(stream);
    }
  }

  private end(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    for (const timer of stream.timers) clearTimeout(timer);
    try {
      stream.controller.close();
    } catch {
      // Already closed by the other side.
    }
  }
}
