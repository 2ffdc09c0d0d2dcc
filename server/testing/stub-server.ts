import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface StubAnswer {
  status?: number;
  json?: unknown;
  text?: string;
}

/**
 * A local HTTP server that answers like an outside provider, recording what it was sent. The
 * handler may answer later (a promise: a slow page) or never (a promise that never settles: a
 * hung provider); `abandoned` counts requests the client gave up on before they were answered.
 */
export async function startStubServer(
  handler: (req: StubRequest) => StubAnswer | Promise<StubAnswer>,
): Promise<{ url: string; requests: StubRequest[]; abandoned: () => number; close: () => Promise<void> }> {
  const requests: StubRequest[] = [];
  let abandoned = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    res.on('close', () => {
      if (!res.writableFinished) abandoned++;
    });
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const out = await handler(recorded);
      if (res.destroyed) return;
      res.statusCode = out.status ?? 200;
      if (out.json !== undefined) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(out.json));
      } else {
        res.end(out.text ?? '');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    abandoned: () => abandoned,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
