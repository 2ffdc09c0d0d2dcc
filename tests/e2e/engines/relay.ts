import { connect, createServer, type Server, type Socket } from 'node:net';

/** Where a relay listens or connects: a TCP host and port, or a Unix socket path. */
export type Endpoint = { host: string; port: number } | { path: string };

export interface Relay {
  /** The TCP port the first listening endpoint was given (port 0 asks for a free one). */
  port: number;
  /** The network goes: open connections are dropped and new ones refused until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/**
 * A byte relay between the browser and the server that the test can cut, so "offline" in an
 * engine's journey is a real loss of the network (the service worker's own fetches included),
 * not only an emulated flag. Several listening endpoints may feed one target (127.0.0.1 and ::1
 * for "localhost"); a Unix socket carries traffic across a network namespace.
 */
export async function startRelay({
  listen,
  target,
}: {
  listen: Endpoint[];
  target: Endpoint;
}): Promise<Relay> {
  let isCut = false;
  const open = new Set<Socket>();
  const onConnection = (client: Socket) => {
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = connect(target);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const servers: Server[] = [];
  for (const endpoint of listen) {
    const server = createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(endpoint, () => resolve());
    });
    servers.push(server);
  }
  const first = servers[0]?.address();
  return {
    port: first && typeof first === 'object' ? first.port : 0,
    cut() {
      isCut = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      isCut = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}
