import net from "node:net";

/**
 * A mail server for tests: accepts every message (a 250 after its data), records each accepted
 * message's Message-ID, and can hold one message unanswered so that the test can kill the
 * sender while it waits (a message never answered 250 was not delivered).
 */
export interface SmtpSink {
  url: string;
  accepted: string[];
  /** Resolves when the `nth` message (1-based) has arrived, which is then held unanswered. */
  hold: (nth: number) => Promise<void>;
  close: () => Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const accepted: string[] = [];
  let arrived = 0;
  let holding: { nth: number; reached: () => void } | undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let data = "";
    socket.write("220 sink ESMTP\r\n");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          arrived += 1;
          if (holding?.nth === arrived) {
            holding.reached();
            return; // never answered: the sender is killed while it waits
          }
          accepted.push(/^Message-ID:\s*(.+)$/im.exec(data)?.[1]?.trim() ?? "(none)");
          data = "";
          socket.write("250 accepted\r\n");
          continue;
        }
        const end = buffer.indexOf("\r\n");
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 sink\r\n");
        else if (verb === "DATA") {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 bye\r\n");
          return;
        } else socket.write("250 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    hold: (nth) =>
      new Promise<void>((resolve) => {
        holding = { nth, reached: resolve };
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
