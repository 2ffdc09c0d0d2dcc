import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createRng, type Rng } from '../../server/seed/random.ts';

/**
 * The network between one device and the server: an HTTP proxy on loopback that forwards every
 * request to the server and injects the faults it is told to, as a phone's network does.
 *
 * - `refuse`: the connection is reset at once (no route, airplane mode, a server that is down);
 * - `blackhole`: the request goes nowhere and the connection is never answered nor reset (the
 *   phone moved from Wi-Fi to LTE: the old connection's path is gone); it stays dead after the
 *   fault ends, as such a connection does, until the device itself gives up on it;
 * - `inbound`: requests reach the server, answers are lost (the server applied the push);
 * - `lostAnswers`: the next n requests reach the server and their answers are lost;
 * - `delay`: each request waits a while before it is forwarded;
 * - `duplicate`: each request reaches the server twice, at once; the device gets one answer;
 * - `slow`: a slow link: requests wait, answers trickle in small chunks;
 * - `pause`: requests are held while the fault lasts, then forwarded (a frozen process).
 */
export type LinkFault = 'refuse' | 'blackhole' | 'inbound' | 'delay' | 'duplicate' | 'slow' | 'pause';

interface Window {
  fault: LinkFault;
  until: number;
  rng: Rng;
}

interface Upstream {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Headers that belong to one hop and are not forwarded. */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

export interface ProxyStats {
  requests: number;
  refused: number;
  blackholed: number;
  answersLost: number;
  delayed: number;
  duplicated: number;
  slowed: number;
  held: number;
  upstreamDown: number;
}

export class FaultProxy {
  private server: http.Server | null = null;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  private windows: Window[] = [];
  private lostAnswers = 0;
  private lostRng: Rng = createRng(1);
  private readonly sockets = new Set<Socket>();
  private readonly waiting = new Set<() => void>();
  readonly stats: ProxyStats = {
    requests: 0,
    refused: 0,
    blackholed: 0,
    answersLost: 0,
    delayed: 0,
    duplicated: 0,
    slowed: 0,
    held: 0,
    upstreamDown: 0,
  };
  port = 0;

  constructor(private readonly target: { port: number }) {}

  async start(): Promise<void> {
    const server = http.createServer((req, res) => {
      void this.handle(req, res).catch(() => res.socket?.destroy());
    });
    // A held request may wait as long as the fault says; the proxy never times it out itself.
    server.requestTimeout = 0;
    server.headersTimeout = 0;
    server.keepAliveTimeout = 60_000;
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A fault on this link for `ms` milliseconds; `seed` draws the delays it makes. */
  add({ fault, ms, seed }: { fault: LinkFault; ms: number; seed: number }): void {
    this.windows.push({ fault, until: Date.now() + ms, rng: createRng(seed) });
    if (fault === 'refuse' || fault === 'blackhole') {
      // Connections kept alive from before the fault are cut with it (they ride the same path).
      for (const socket of this.sockets) socket.destroy();
    }
    setTimeout(() => this.wake(), ms + 5).unref();
  }

  /** The next `n` requests reach the server and their answers are lost. */
  loseAnswers({ n, seed }: { n: number; seed: number }): void {
    this.lostAnswers += n;
    this.lostRng = createRng(seed);
  }

  /** Ends every fault now (held black-holed connections stay dead, as in the world). */
  heal(): void {
    this.windows = [];
    this.lostAnswers = 0;
    this.wake();
  }

  /** Whether a fault is active on this link now. */
  faulty(): boolean {
    return this.active().length > 0 || this.lostAnswers > 0;
  }

  private active(): Window[] {
    const now = Date.now();
    this.windows = this.windows.filter((w) => w.until > now);
    return this.windows;
  }

  private has(fault: LinkFault): Window | undefined {
    return this.active().find((w) => w.fault === fault);
  }

  private wake(): void {
    for (const w of [...this.waiting]) w();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.stats.requests++;
    const body = await readBody(req);
    if (this.has('refuse')) {
      this.stats.refused++;
      req.socket.destroy();
      return;
    }
    if (this.has('blackhole')) {
      this.stats.blackholed++;
      // Never answered: the device has to give up on it by itself.
      return;
    }
    while (this.has('pause')) {
      this.stats.held++;
      await new Promise<void>((resolve) => {
        const done = () => {
          this.waiting.delete(done);
          resolve();
        };
        this.waiting.add(done);
      });
    }
    const delay = this.has('delay');
    if (delay) {
      this.stats.delayed++;
      await sleep(delay.rng.int(100, 2500));
    }
    const slow = this.has('slow');
    if (slow) {
      this.stats.slowed++;
      await sleep(slow.rng.int(200, 800));
    }
    const duplicate = this.has('duplicate');
    let upstream: Upstream;
    try {
      if (duplicate) {
        this.stats.duplicated++;
        const first = this.forward(req, body);
        const second = this.forward(req, body);
        second.catch(() => undefined);
        first.catch(() => undefined);
        upstream = await Promise.any([first, second]);
      } else {
        upstream = await this.forward(req, body);
      }
    } catch {
      this.stats.upstreamDown++;
      req.socket.destroy();
      return;
    }
    if (this.has('inbound') || this.has('refuse')) {
      this.stats.answersLost++;
      req.socket.destroy();
      return;
    }
    if (this.has('blackhole')) {
      this.stats.blackholed++;
      return;
    }
    if (this.lostAnswers > 0) {
      this.lostAnswers--;
      this.stats.answersLost++;
      // Sometimes the connection just goes quiet instead of being reset: the device must give up.
      if (this.lostRng.chance(0.2)) return;
      req.socket.destroy();
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(upstream.headers)) if (!HOP.has(k) && v !== undefined) headers[k] = v;
    headers['content-length'] = upstream.body.length;
    res.writeHead(upstream.status, headers);
    const trickle = this.has('slow');
    if (!trickle) {
      res.end(upstream.body);
      return;
    }
    // About 64 KB/s: a bad mobile link.
    for (let at = 0; at < upstream.body.length; at += 4096) {
      if (res.destroyed) return;
      res.write(upstream.body.subarray(at, at + 4096));
      await sleep(60);
    }
    res.end();
  }

  private forward(req: http.IncomingMessage, body: Buffer): Promise<Upstream> {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && v !== undefined) headers[k] = v;
    headers['content-length'] = body.length;
    return new Promise((resolve, reject) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: this.target.port,
          method: req.method,
          path: req.url,
          headers,
          agent: this.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });
  }
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
