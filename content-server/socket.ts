/**
 * The BCMS socket: `GET /api/v3/socket?token=apikey_{id}.{secret}`.
 * On connect the server sends `socket_connection {id}`; afterwards it only
 * pushes `{en, ed}` events for every write to every client. Client frames are
 * ignored (BCMS only handles editor sync events there), whatever they contain.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import type { ContentIdentity } from "../app/config/local-content";
import { SOCKET_PATH } from "../bcms";
import { isValidSocketToken } from "./auth";
import { newConnectionId } from "./ids";
import type { EntityKind } from "./snapshot-files";

/** Dead peers (a laptop lid closed, a proxy that dropped the connection) are found by pings. */
const PING_INTERVAL_MS = 30_000;

export type ChangeType = "update" | "delete";

export type SocketEventMessage =
  | { en: "entry"; ed: { type: ChangeType; templateId: string; entryId: string } }
  | { en: "media"; ed: { type: ChangeType; mediaId: string } }
  | { en: "template"; ed: { type: ChangeType; templateId: string } }
  | { en: "group"; ed: { type: ChangeType; groupId: string } }
  | { en: "widget"; ed: { type: ChangeType; widgetId: string } }
  | { en: "language"; ed: { type: ChangeType; languageId: string } }
  | { en: "entry_status"; ed: { type: ChangeType; entryStatusId: string } };

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export class SocketHub {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly alive = new WeakSet<WebSocket>();
  private readonly pinger: NodeJS.Timeout;

  constructor(private readonly identity: ContentIdentity) {
    this.server.on("connection", (socket) => this.onConnection(socket));
    this.pinger = setInterval(() => this.ping(), PING_INTERVAL_MS);
    this.pinger.unref();
  }

  get clientCount(): number {
    return this.server.clients.size;
  }

  /** Handles an HTTP upgrade; anything but a valid socket request is refused with a bare status. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on("error", () => {});
    const url = req.url ?? "";
    const queryStart = url.indexOf("?");
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    if (path !== SOCKET_PATH) {
      refuse(socket, 404, "Not Found");
      return;
    }
    const query = new URLSearchParams(queryStart === -1 ? "" : url.slice(queryStart + 1));
    if (!isValidSocketToken(query.get("token"), this.identity)) {
      refuse(socket, 401, "Unauthorized");
      return;
    }
    this.server.handleUpgrade(req, socket, head, (ws) => this.server.emit("connection", ws, req));
  }

  broadcast(event: SocketEventMessage): void {
    const frame = JSON.stringify({
      en: event.en,
      ed: { ...event.ed, instanceId: this.identity.instanceId },
    });
    for (const client of this.server.clients) {
      if (client.readyState === WebSocket.OPEN) client.send(frame);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.pinger);
    for (const client of this.server.clients) client.close(1001, "Server shutting down");
    await new Promise<void>((resolve) => {
      // Peers that do not answer the close handshake are cut after a short grace period.
      const timer = setTimeout(() => {
        for (const client of this.server.clients) client.terminate();
      }, 1000);
      this.server.close(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private onConnection(socket: WebSocket): void {
    this.alive.add(socket);
    // A malformed frame makes ws emit "error" and close the socket; without a
    // listener that error would crash the process.
    socket.on("error", () => {});
    socket.on("pong", () => this.alive.add(socket));
    socket.on("message", () => {
      // Nothing from the client is needed or acted upon.
    });
    socket.send(JSON.stringify({ en: "socket_connection", ed: { id: newConnectionId() } }));
  }

  private ping(): void {
    for (const client of this.server.clients) {
      if (!this.alive.has(client)) {
        client.terminate();
        continue;
      }
      this.alive.delete(client);
      client.ping();
    }
  }
}

/** The socket event announcing a change of one stored entity. */
export function eventFor(
  kind: EntityKind,
  type: ChangeType,
  entity: { _id: string; templateId?: string },
): SocketEventMessage {
  switch (kind) {
    case "entries":
      return {
        en: "entry",
        ed: { type, templateId: entity.templateId ?? "", entryId: entity._id },
      };
    case "media":
      return { en: "media", ed: { type, mediaId: entity._id } };
    case "templates":
      return { en: "template", ed: { type, templateId: entity._id } };
    case "groups":
      return { en: "group", ed: { type, groupId: entity._id } };
    case "widgets":
      return { en: "widget", ed: { type, widgetId: entity._id } };
    case "languages":
      return { en: "language", ed: { type, languageId: entity._id } };
    case "statuses":
      return { en: "entry_status", ed: { type, entryStatusId: entity._id } };
  }
}
