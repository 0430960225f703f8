import net from "node:net";

/**
 * A loopback TCP proxy that tests can cut (drop every connection, refuse new ones), stall (a black hole: connections
 * stay open and new ones are accepted, but nothing passes either way) and restore.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  let stalled = false;
  const held = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (cut) return client.destroy();
    if (stalled) {
      held.add(client.on("error", () => client.destroy()));
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    cut() {
      cut = true;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    stall() {
      stalled = true;
      for (const s of sockets) s.pause();
    },
    restore() {
      cut = false;
      stalled = false;
      for (const s of sockets) s.resume();
      for (const s of held) s.destroy(); // never connected upstream: the client sees them end and reconnects
      held.clear();
    },
    close: () => {
      for (const s of [...sockets, ...held]) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
