import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Relay, startRelay } from './relay.ts';

/**
 * An engine's journey runs in a network namespace of its own (`unshare --net`, as root), so the
 * test can take the network away the way a phone loses it: the namespace's default route goes,
 * and each engine's own offline detection sees it (WebKitGTK through GLib's network monitor,
 * Firefox through its link service). Inside, the app is reached at the same origin as outside
 * (localhost and the server's port) through a relay to a Unix socket, which the namespace cannot
 * hide; cutting that relay makes the loss real for every request, the service worker's included.
 */

export interface NetnsRun {
  code: number | null;
  output: string;
}

/** Runs `script` (a TypeScript file, with `args`) in a new network namespace that reaches the server. */
export async function runInNetns({
  script,
  args,
  serverPort,
  timeoutMs,
}: {
  script: string;
  args: string[];
  serverPort: number;
  timeoutMs: number;
}): Promise<NetnsRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bunyang-netns-'));
  const socket = path.join(dir, 'app.sock');
  const relay = await startRelay({
    listen: [{ path: socket }],
    target: { host: '127.0.0.1', port: serverPort },
  });
  try {
    const child = spawn('unshare', ['--net', process.execPath, '--import', 'tsx', script, ...args], {
      env: { ...process.env, NETNS_APP_SOCKET: socket, NETNS_APP_PORT: String(serverPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => {
      output += `\n(stopped after ${timeoutMs} ms)`;
      child.kill('SIGTERM');
    }, timeoutMs);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    return { code, output };
  } finally {
    await relay.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The network of the namespace this process runs in: up, with a way to lose it and get it back. */
export interface NetnsNetwork {
  /** The app's origin inside the namespace (the same as outside). */
  origin: string;
  setOnline(online: boolean): Promise<void>;
  close(): Promise<void>;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });

/**
 * Inside the namespace (runInNetns's child): loopback up, an interface with a default route
 * (so the engines see a network), and the app's port relayed to the server's socket. The
 * interface is a veth pair whose far end stays here: nothing leaves the namespace but the relay.
 */
export async function netnsNetwork(): Promise<NetnsNetwork> {
  const socket = process.env.NETNS_APP_SOCKET;
  const port = Number(process.env.NETNS_APP_PORT);
  if (!socket || !port) throw new Error('netnsNetwork runs only in a process runInNetns started');
  ip('link', 'set', 'lo', 'up');
  ip('link', 'add', 'lan0', 'type', 'veth', 'peer', 'name', 'lan1');
  ip('link', 'set', 'lan0', 'up');
  ip('link', 'set', 'lan1', 'up');
  // TEST-NET-2 (RFC 5737): documentation addresses, on a link that leads nowhere.
  ip('addr', 'add', '198.51.100.2/24', 'dev', 'lan0');
  const addRoute = () => ip('route', 'add', 'default', 'via', '198.51.100.1', 'dev', 'lan0');
  addRoute();
  const relay: Relay = await startRelay({
    listen: [
      { host: '127.0.0.1', port },
      { host: '::1', port },
    ],
    target: { path: socket },
  });
  return {
    origin: `http://localhost:${port}`,
    async setOnline(online) {
      if (online) {
        relay.restore();
        addRoute();
      } else {
        relay.cut();
        ip('route', 'del', 'default');
      }
    },
    close: () => relay.close(),
  };
}
