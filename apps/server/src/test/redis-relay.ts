import net from "node:net";
import type { AddressInfo } from "node:net";

/**
 * Redis reached through a TCP relay the test controls: `cut()` closes its port and drops its connections, so Redis
 * is unreachable for the app as a network failure would make it; `restore()` listens again on the same port.
 * `delayMs` holds each answer back (a command is still unanswered when the test acts); `onClientData` tells the
 * test what the client sends.
 */
export async function redisRelay(
  target: URL,
  options: { delayMs?: number; onClientData?: (text: string) => void } = {},
) {
  const { delayMs = 0, onClientData } = options;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.on("data", (data: Buffer) => {
      upstream.write(data);
      onClientData?.(data.toString("latin1"));
    });
    client.on("end", () => upstream.end());
    if (delayMs === 0) {
      upstream.pipe(client);
      return;
    }
    upstream.on("data", (data: Buffer) => {
      setTimeout(() => client.destroyed || client.write(data), delayMs);
    });
    upstream.on("end", () => setTimeout(() => client.end(), delayMs * 2));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    /** Connections open through the relay (each client's and its upstream). */
    get open() {
      return sockets.size;
    },
  };
}
