import net from 'node:net';

/**
 * A thin link on loopback, in front of the product server: every connection the browser opens to
 * the app's origin (the page's, the service worker's, any worker's) goes through one shared link
 * with a bandwidth each way and a round trip, so emulation cannot miss a request the way a
 * per-page DevTools setting misses the service worker's. Connections share the link fairly
 * (round robin, a packet-sized slice at a time), as TCP flows do; a new connection pays one round
 * trip (the handshake) before its first byte leaves. Bytes are counted as they are delivered,
 * i.e. as sent on the wire (compressed when the server compressed them), headers included.
 *
 * Each request is recognised by its request line at the start of what the browser sends, and the
 * answer bytes that follow on that connection are put to its account: HTTP/1.1 without
 * pipelining (Chromium's default) answers in order, one request at a time per connection.
 */
export interface LinkProfile {
  name: string;
  downKbps: number;
  upKbps: number;
  rttMs: number;
}

export interface RequestRecord {
  method: string;
  path: string;
  /** When its first byte reached the proxy from the browser (ms since epoch). */
  startedAt: number;
  /** Bytes sent up (request line, headers, body) and down (status, headers, body) on the wire. */
  up: number;
  down: number;
  /** When the last byte of the answer so far was delivered to the browser. */
  lastDownAt: number;
}

interface Delivery {
  at: number;
  bytes: number;
  direction: 'up' | 'down';
  request: RequestRecord | null;
}

/** A packet's worth: the link serves connections in turns of this many bytes. */
const SLICE = 1460;

/** A piece of a connection's data (null: its end) and the account its bytes go to. */
type Piece = { chunk: Buffer | null; account: (n: number) => void };
type Flow = { queue: Piece[]; deliver: (chunk: Buffer | null) => void };

/** One direction of the link: a bandwidth shared round robin by the flows, then a one-way delay. */
class OneWay {
  private readonly flows: Flow[] = [];
  private next = 0;
  private busyUntil = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
  ) {}

  add(flow: Flow): void {
    this.flows.push(flow);
  }

  remove(flow: Flow): void {
    const i = this.flows.indexOf(flow);
    if (i >= 0) this.flows.splice(i, 1);
  }

  send(flow: Flow, piece: Piece): void {
    flow.queue.push(piece);
    this.pump();
  }

  private pump(): void {
    if (this.timer) return;
    for (;;) {
      const now = performance.timeOrigin + performance.now();
      if (this.busyUntil > now) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, this.busyUntil - now);
        return;
      }
      const flow = this.takeTurn();
      const head = flow?.queue[0];
      if (!flow || !head) return;
      let slice: Buffer | null;
      if (head.chunk === null || head.chunk.length <= SLICE) {
        // The end of the flow takes no time on the link.
        flow.queue.shift();
        slice = head.chunk;
      } else {
        slice = head.chunk.subarray(0, SLICE);
        flow.queue[0] = { chunk: head.chunk.subarray(SLICE), account: head.account };
      }
      this.busyUntil = Math.max(now, this.busyUntil) + (slice ? slice.length / this.bytesPerMs : 0);
      // Due times never decrease (the link is one queue, the delay is constant): delivering from a
      // FIFO keeps every connection's bytes in order, which separate timers would not promise.
      this.inFlight.push({ at: this.busyUntil + this.delayMs, slice, flow, account: head.account });
      this.scheduleDelivery();
    }
  }

  private readonly inFlight: Array<{
    at: number;
    slice: Buffer | null;
    flow: Flow;
    account: (n: number) => void;
  }> = [];
  private deliveryTimer: NodeJS.Timeout | null = null;

  private scheduleDelivery(): void {
    if (this.deliveryTimer) return;
    const first = this.inFlight[0];
    if (!first) return;
    const wait = first.at - (performance.timeOrigin + performance.now());
    this.deliveryTimer = setTimeout(
      () => {
        this.deliveryTimer = null;
        const now = performance.timeOrigin + performance.now();
        while (this.inFlight.length > 0 && (this.inFlight[0]?.at ?? Infinity) <= now + 0.5) {
          const item = this.inFlight.shift();
          if (!item) break;
          if (item.slice) item.account(item.slice.length);
          item.flow.deliver(item.slice);
        }
        this.scheduleDelivery();
      },
      Math.max(0, wait),
    );
  }

  private takeTurn(): Flow | undefined {
    for (let i = 0; i < this.flows.length; i++) {
      const flow = this.flows[(this.next + i) % this.flows.length];
      if (flow && flow.queue.length > 0) {
        this.next = (this.next + i + 1) % this.flows.length;
        return flow;
      }
    }
    return undefined;
  }
}

const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r\n/;

export interface ThrottleProxy {
  port: number;
  /** Every request seen so far, in order. */
  requests: () => RequestRecord[];
  /** Bytes delivered in a direction between two instants (ms since epoch), optionally of some requests. */
  bytes: (args: {
    from: number;
    to: number;
    direction: 'up' | 'down';
    only?: (r: RequestRecord) => boolean;
  }) => number;
  /** Offline: open connections are cut and new ones refused, as when the signal is gone. */
  setOffline: (offline: boolean) => void;
  close: () => Promise<void>;
}

export async function startThrottleProxy({
  upstreamPort,
  profile,
}: {
  upstreamPort: number;
  profile: LinkProfile;
}): Promise<ThrottleProxy> {
  const down = new OneWay((profile.downKbps * 1000) / 8 / 1000, profile.rttMs / 2);
  const up = new OneWay((profile.upKbps * 1000) / 8 / 1000, profile.rttMs / 2);
  const records: RequestRecord[] = [];
  const deliveries: Delivery[] = [];
  const sockets = new Set<net.Socket>();
  let offline = false;
  const now = () => performance.timeOrigin + performance.now();

  const server = net.createServer((client) => {
    if (offline) {
      client.destroy();
      return;
    }
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    let current: RequestRecord | null = null;
    const downFlow: Flow = {
      queue: [],
      deliver: (chunk) => {
        if (client.destroyed) return;
        if (chunk) client.write(chunk);
        else client.end();
      },
    };
    const upFlow: Flow = {
      queue: [],
      deliver: (chunk) => {
        if (upstream.destroyed) return;
        if (chunk) upstream.write(chunk);
        else upstream.end();
      },
    };
    down.add(downFlow);
    up.add(upFlow);
    // Bytes go to the request they belong to as they are delivered.
    const accountTo = (request: RequestRecord | null, direction: 'up' | 'down') => (n: number) => {
      const at = now();
      if (request && direction === 'up') request.up += n;
      if (request && direction === 'down') {
        request.down += n;
        request.lastDownAt = at;
      }
      deliveries.push({ at, bytes: n, direction, request });
    };
    const noAccount = () => {};
    const toServer = (chunk: Buffer | null) => {
      if (chunk === null) {
        up.send(upFlow, { chunk, account: noAccount });
        return;
      }
      const line = REQUEST_LINE.exec(chunk.subarray(0, 2048).toString('latin1'));
      if (line?.[1] && line[2]) {
        current = { method: line[1], path: line[2], startedAt: now(), up: 0, down: 0, lastDownAt: 0 };
        records.push(current);
      }
      up.send(upFlow, { chunk, account: accountTo(current, 'up') });
    };
    // The handshake: nothing the browser sends leaves before one round trip has passed.
    let early: Array<Buffer | null> | null = [];
    setTimeout(() => {
      for (const chunk of early ?? []) toServer(chunk);
      early = null;
    }, profile.rttMs);
    client.on('data', (chunk: Buffer) => {
      if (early) early.push(chunk);
      else toServer(chunk);
    });
    upstream.on('data', (chunk: Buffer) =>
      down.send(downFlow, { chunk, account: accountTo(current, 'down') }),
    );
    client.on('end', () => {
      if (early) early.push(null);
      else toServer(null);
    });
    upstream.on('end', () => down.send(downFlow, { chunk: null, account: noAccount }));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => {
      upstream.destroy();
      down.remove(downFlow);
      up.remove(upFlow);
      sockets.delete(client);
      sockets.delete(upstream);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    requests: () => [...records],
    bytes: ({ from, to, direction, only }) =>
      deliveries
        .filter((d) => d.direction === direction && d.at >= from && d.at <= to)
        .filter((d) => !only || (d.request !== null && only(d.request)))
        .reduce((sum, d) => sum + d.bytes, 0),
    setOffline: (value) => {
      offline = value;
      if (value) for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
