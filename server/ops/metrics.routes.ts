import { timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { collectProcessMetrics, registry } from './metrics.ts';

/** Where Prometheus scrapes: outside the API's base, not an operation, never behind a session. */
export const METRICS_PATH = '/metrics';

/** The socket's peer: behind a proxy that is the proxy, whatever X-Forwarded-For claims. */
function socketAddress(c: Context): string {
  return (
    (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
      ?.remoteAddress ?? ''
  );
}

export function isLoopback(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/**
 * A request a proxy passed on carries the proxy's forwarding header; a scrape made on this
 * machine does not. A header can only refuse here, never let in: a proxy on the same machine
 * connects from loopback for every outside client.
 */
function forwarded(c: Context): boolean {
  return ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => c.req.header(name) !== undefined);
}

function tokenMatches({ header, token }: { header: string | undefined; token: string }): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` in Prometheus' text format. With METRICS_TOKEN set only a request carrying it
 * as a bearer token is answered (401 otherwise, from anywhere); without one only a connection
 * from this machine is (403 otherwise): the socket decides, never a forwarded address. A reverse
 * proxy on the same machine connects from loopback: its requests carry a forwarding header and
 * are refused too.
 */
export function mountMetrics({ app, token }: { app: Hono; token: string | null }): void {
  collectProcessMetrics();
  app.get(METRICS_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (token !== null) {
      if (!tokenMatches({ header: c.req.header('authorization'), token })) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return c.text('metrics need the bearer token (METRICS_TOKEN)\n', 401);
      }
    } else if (!isLoopback(socketAddress(c)) || forwarded(c)) {
      return c.text('metrics are answered to this machine only while METRICS_TOKEN is unset\n', 403);
    }
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  });
}
