import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/** The server's VAPID key pair (RFC 8292), base64url as web-push and PushManager take them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The keys in DATA_DIR/vapid.json, generated there on first start: a subscription is bound to
 * the public key, so the pair must outlive restarts (new keys would silence every device).
 * Two processes starting at once on a fresh DATA_DIR agree: only the first write wins.
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  const read = (): VapidKeys | null => {
    try {
      const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
      return keys.publicKey && keys.privateKey
        ? { publicKey: keys.publicKey, privateKey: keys.privateKey }
        : null;
    } catch {
      return null;
    }
  };
  const found = read();
  if (found) return found;
  const fresh = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, JSON.stringify(fresh), { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch {
    return read() ?? fresh;
  }
}
