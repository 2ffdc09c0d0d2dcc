import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { ResultCode } from '../sync/codes.ts';
import { coreMessages, renderMessage } from './http/messages.ts';

/**
 * Node refuses a request whose head (request line and headers) passes this many bytes before
 * the app sees it. Said here so the limit is ours, not a default; the API's own limit on a
 * query string (server/http/read-input.ts) is well below it and answers with a clearer -4.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

export interface Listening {
  server: Server<typeof IncomingMessage, typeof ServerResponse>;
  port: number;
  close: () => Promise<void>;
  /**
   * Stops accepting connections and resolves once every open one has ended: requests in flight
   * are answered, and each keep-alive connection is closed as soon as it is idle (Node would
   * otherwise keep it for its keep-alive timeout).
   */
  drain: () => Promise<void>;
}

/**
 * What Node's HTTP parser refuses answers the envelope too (code -4), not a bare status:
 * 431 for a head over the limit, 400 for a request it cannot read. The app has not seen the
 * request, so there is no accept-language: the message is the default language's.
 */
function answerParseError(err: Error & { code?: string }, socket: Duplex) {
  // A response already under way on this keep-alive connection cannot be followed by another:
  // Node's own handler closes the connection then, and so does this one.
  const sending = (socket as Duplex & { _httpMessage?: unknown })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || sending) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  // Node's own answers: 431 for the head, 408 for a request that never finished, else 400.
  const status = tooLarge ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({
    code: ResultCode.badParameter,
    msg: renderMessage({
      message: tooLarge ? coreMessages.headTooLarge : coreMessages.malformedRequest,
      lang: 'ko',
    }),
    data: { reason: tooLarge ? 'request head too large' : 'malformed request' },
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=UTF-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/** Serves the app on `port` (0: any free port, as tests use) and resolves once it listens. */
export function listen({
  app,
  port,
  hostname,
}: {
  app: Hono;
  port: number;
  hostname?: string;
}): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: app.fetch,
        port,
        ...(hostname ? { hostname } : {}),
        serverOptions: { maxHeaderSize: MAX_HEADER_BYTES },
      },
      (info: AddressInfo) => {
        resolve({
          server,
          port: info.port,
          close: () => new Promise<void>((done) => server.close(() => done())),
          drain: () =>
            new Promise<void>((done) => {
              draining = true;
              server.close(() => done());
              server.closeIdleConnections();
            }),
        });
      },
    ) as Server<typeof IncomingMessage, typeof ServerResponse>;
    let draining = false;
    server.on('request', (_req, res) => {
      // Once this answer is out its connection is idle: closed at once while draining.
      res.once('close', () => {
        if (draining) setImmediate(() => server.closeIdleConnections());
      });
    });
    server.on('clientError', answerParseError);
    server.once('error', reject);
  });
}
