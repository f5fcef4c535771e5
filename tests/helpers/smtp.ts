// Just enough SMTP for nodemailer on a local port: no TLS, no auth; each DATA kept whole in
// `received`. `start(port)` can listen again on the port of an earlier stop (an SMTP outage).
import { createServer, type Server } from "node:net";

export interface TinySmtp {
  readonly received: string[];
  readonly port: number;
  start(port?: number): Promise<void>;
  stop(): Promise<void>;
}

export function tinySmtp(): TinySmtp {
  const received: string[] = [];
  let server: Server | null = null;
  let port = 0;
  const open = new Set<import("node:net").Socket>();
  const serve = () =>
    createServer((socket) => {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      let buffer = "";
      let inData = false;
      socket.write("220 bandomasis SMTP\r\n");
      socket.on("data", (chunk) => {
        buffer += chunk.toString("latin1");
        for (;;) {
          if (inData) {
            const end = buffer.indexOf("\r\n.\r\n");
            if (end < 0) return;
            received.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            inData = false;
            socket.write("250 priimta\r\n");
            continue;
          }
          const eol = buffer.indexOf("\r\n");
          if (eol < 0) return;
          const line = buffer.slice(0, eol).toUpperCase();
          buffer = buffer.slice(eol + 2);
          if (line.startsWith("EHLO") || line.startsWith("HELO")) socket.write("250-localhost\r\n250 8BITMIME\r\n");
          else if (line.startsWith("DATA")) {
            inData = true;
            socket.write("354 toliau\r\n");
          } else if (line.startsWith("QUIT")) {
            socket.end("221 viso\r\n");
            return;
          } else socket.write("250 gerai\r\n");
        }
      });
    });
  return {
    received,
    get port() {
      return port;
    },
    start(wanted = 0) {
      const next = serve();
      server = next;
      return new Promise((resolve, reject) => {
        next.once("error", reject);
        next.listen(wanted, "127.0.0.1", () => {
          const address = next.address();
          port = typeof address === "object" && address ? address.port : 0;
          resolve();
        });
      });
    },
    async stop() {
      const current = server;
      server = null;
      for (const socket of open) socket.destroy();
      if (current) await new Promise((resolve) => current.close(resolve));
    },
  };
}
