import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The product server as `npm start` runs it (`node --import tsx server/main.ts`) on its own data
 * directory and port, for a test or benchmark that needs the real process. Answers once /health
 * does (within a minute, as a loaded machine may need); a server that never answers is killed.
 * `lines` collects its stdout line by line (the console SMS sender's codes); without it stdout is
 * `stdout`. `env` adds to or overrides PORT, HOST, DATA_DIR, LOG_LEVEL (warn) and
 * BACKUP_EVERY_MINUTES (0: no backup folder left beside a throwaway data directory).
 */
export async function startServerProcess({
  dir,
  port,
  env = {},
  lines,
  stdout = 'ignore',
  stderr = 'inherit',
}: {
  dir: string;
  port: number;
  env?: Record<string, string>;
  lines?: string[];
  stdout?: 'ignore' | 'inherit';
  stderr?: 'ignore' | 'inherit';
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      BACKUP_EVERY_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', lines ? 'pipe' : stdout, stderr],
  });
  if (lines) {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      lines.push(...parts);
    });
  }
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}
