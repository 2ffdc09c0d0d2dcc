import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { startServerProcess } from '../support/server-process.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** Resolves with what the socket has received once `done` says it is enough. */
function readUntil(socket: Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (done(text)) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => resolve(text));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

describe('the server process on SIGTERM', () => {
  it('stops accepting, answers the request in flight, closes the database and exits 0', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bunyang-stop-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    const lines: string[] = [];
    const server = await startServerProcess({
      dir,
      port,
      lines,
      env: { SEED_DEMO: 'false', LOG_LEVEL: 'info', BACKUP_EVERY_MINUTES: '0' },
    });
    cleanups.push(() => {
      if (server.exitCode === null) server.kill('SIGKILL');
    });
    const stopped = exited(server);

    // A request whose body is still on its way: the server has taken it (100 Continue), not answered it.
    const socket = connect(port, '127.0.0.1');
    cleanups.push(() => socket.destroy());
    socket.write(
      'POST /api/v1/auth/getAppInfo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nExpect: 100-continue\r\n\r\n',
    );
    expect(await readUntil(socket, (text) => text.includes('\r\n\r\n'))).toMatch(/^HTTP\/1\.1 100 Continue/);

    server.kill('SIGTERM');
    await vi.waitFor(() => expect(lines.some((l) => l.includes('shutting down'))).toBe(true), {
      timeout: 30_000,
      interval: 50,
    });
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();

    const answer = readUntil(socket, (text) => text.includes('"code":0') && text.trim().endsWith('}}'));
    socket.write('{}');
    const response = await answer;
    expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(response).toContain('"version_name"');

    expect(await stopped).toBe(0);
    const stop = lines
      .map((l) => JSON.parse(l) as { msg: string; clean?: boolean })
      .find((l) => l.msg === 'stopped');
    expect(stop?.clean).toBe(true);
  }, 90_000);
});
