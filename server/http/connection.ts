// Keep-alive after a refused body: an answer sent before the request body was read in full
// (a 413, or a route that refused early) ends its connection cleanly.
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Context } from "hono";

/** The Node request behind a context when served by @hono/node-server; undefined in app.request(). */
function nodeIncoming(c: Context): IncomingMessage | undefined {
  const env = c.env as { incoming?: unknown } | undefined;
  const incoming = env?.incoming;
  return incoming && typeof incoming === "object" && "readableEnded" in incoming
    ? (incoming as IncomingMessage)
    : undefined;
}

/** How long a closing connection may still take the rest of a refused body. */
const LINGER_MS = 3000;

/**
 * Node ends a `Connection: close` socket with destroySoon(): it sends the answer and FIN, then
 * destroys the socket at once. A client still sending the refused body would then get a reset
 * (EPIPE or ECONNRESET) instead of the answer. So this socket closes gently: FIN after the
 * answer, the rest of the body read and dropped, and the socket destroyed when the client has
 * finished sending (or after LINGER_MS).
 */
function closeGently(incoming: IncomingMessage): void {
  const socket: Socket = incoming.socket;
  let closing = false;
  socket.destroySoon = () => {
    if (closing || socket.destroyed) return;
    closing = true;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    socket.once("end", () => socket.destroy());
    socket.end();
    // The body may sit paused behind an unread request stream: read on and drop it.
    incoming.on("data", () => {});
    incoming.resume();
    socket.resume();
  };
}

function sendsBody(c: Context): boolean {
  if (c.req.method === "GET" || c.req.method === "HEAD") return false;
  const length = c.req.header("content-length");
  return (length !== undefined && length.trim() !== "0") || c.req.header("transfer-encoding") !== undefined;
}

/**
 * The rest of a refused body would be read as the next request, or cut off mid-way when Node
 * gives up draining it, and the client's next request on that kept-alive connection would fail
 * with a socket error. So every 413, and every answer sent while the body is still unread, says
 * `Connection: close`: the client does not reuse the connection, and the socket ends once the
 * answer is sent and the client has stopped sending (closeGently).
 */
export function closeAfterUnreadBody() {
  return async (c: Context, next: () => Promise<void>): Promise<void> => {
    await next();
    const incoming = nodeIncoming(c);
    const unread = incoming !== undefined && sendsBody(c) && !incoming.readableEnded;
    if (c.res.status !== 413 && !unread) return;
    c.header("Connection", "close");
    if (incoming && unread) closeGently(incoming);
  };
}
