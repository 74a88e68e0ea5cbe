// The open previews, by entry: each is a Server-Sent Events stream that gets a `change`
// event when its entry (or something every page may show) changes in the CMS. The server's
// CMS socket already hears every edit (server/refresh/content-change.ts).
const encoder = new TextEncoder();
/** Comment lines keep proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;
/** What one instance keeps open at most; more previews wait for a free place (503). */
export const MAX_PREVIEW_STREAMS = 200;

interface Stream {
  entryId: string;
  controller: ReadableStreamDefaultController<Uint8Array>;
  timers: NodeJS.Timeout[];
}

export class PreviewEvents {
  private readonly streams = new Set<Stream>();

  constructor(private readonly maxStreams = MAX_PREVIEW_STREAMS) {}

  get size(): number {
    return this.streams.size;
  }

  /**
   * The event stream of one preview, or null when too many are open. It ends by itself when
   * the link expires (`until`, ms), when the browser goes, or when the server closes.
   */
  open(entryId: string, until: number, signal?: AbortSignal): Response | null {
    if (this.streams.size >= this.maxStreams) return null;
    let stream: Stream | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        const opened: Stream = { entryId, controller, timers: [] };
        stream = opened;
        this.streams.add(opened);
        controller.enqueue(encoder.encode("retry: 1000\n\nevent: ready\ndata: {}\n\n"));
        opened.timers.push(
          setInterval(() => this.send(opened, ": keep-alive\n\n"), KEEPALIVE_MS).unref(),
          setTimeout(() => this.end(opened), Math.min(until - Date.now(), 2 ** 31 - 1)).unref(),
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
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
        "X-Accel-Buffering": "no",
      },
    });
  }

  /** Tells the previews of `entryId` (every preview when null) that they may have changed. */
  notify(entryId: string | null): number {
    let told = 0;
    for (const stream of this.streams) {
      if (entryId !== null && stream.entryId !== entryId) continue;
      this.send(stream, `event: change\ndata: ${JSON.stringify({ at: Date.now() })}\n\n`);
      told++;
    }
    return told;
  }

  /** Ends every stream (the server is closing: in-flight requests must be able to finish). */
  close(): void {
    for (const stream of this.streams) this.end(stream);
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
