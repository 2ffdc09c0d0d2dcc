import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { stubTlsCert, stubTlsKey } from './stub-tls.ts';

/**
 * A local push service (what FCM or Mozilla autopush are to a browser) and the devices that
 * subscribe to it, for tests and the push bench. It speaks HTTPS with the certificate of
 * stub-tls.ts; the sender's agent trusts it with `stubAgent()`.
 */

/** An agent that trusts the stub's certificate, kept alive like the server's own. */
export function stubAgent(): https.Agent {
  return new https.Agent({ ca: stubTlsCert, keepAlive: true, maxSockets: 32 });
}

export interface ReceivedPush {
  /** The path after the host: the device's id in the stub. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * Starts the stub. `answer` picks the HTTP status for each request (201 accepted by default);
 * every request is kept in `received` unless `record` is false.
 */
export async function startPushStub({
  answer = () => 201,
  record = true,
}: {
  answer?: (push: ReceivedPush) => number;
  /** false: nothing is kept (a bench sending thousands). */
  record?: boolean;
} = {}): Promise<{ origin: string; received: ReceivedPush[]; close: () => Promise<void> }> {
  const received: ReceivedPush[] = [];
  const server = https.createServer({ cert: stubTlsCert, key: stubTlsKey }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const push = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      if (record) received.push(push);
      res.statusCode = answer(push);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const b64url = (b: Buffer) => b.toString('base64url');

/**
 * A browser's side of a subscription: its own P-256 key pair and auth secret (RFC 8291), with
 * the decryption a browser does on a received push. `decrypt` throws on anything a browser
 * would drop (wrong keys, broken record, bad padding).
 */
export function fakeDevice(): { p256dh: string; auth: string; decrypt: (body: Buffer) => string } {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: b64url(uaPublic),
    auth: b64url(authSecret),
    decrypt: (body) => {
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the sender's key).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 followed by zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('push record without its last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * Checks the VAPID authorization a push service checks (RFC 8292): `vapid t=<JWT>, k=<key>`,
 * the JWT signed ES256 by that key, for the push service's origin, not expired at `now`.
 * Answers the key that signed it.
 */
export function verifyVapid({
  authorization,
  origin,
  now,
}: {
  authorization: string | undefined;
  origin: string;
  now: Date;
}): string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [header, claims, signature] = match[1].split('.') as [string, string, string];
  const raw = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number };
  if (body.aud !== origin) throw new Error(`VAPID audience ${body.aud} is not ${origin}`);
  if (body.exp * 1000 <= now.getTime()) throw new Error('VAPID token expired');
  return match[2];
}
