import fs from 'node:fs';
import path from 'node:path';

/**
 * The running server leaves its process id in DATA_DIR/server.pid, so tools that must not run
 * beside it (a restore) can tell it is there. A file left by a crash names a process that is
 * gone, or one that is not the server (the id was reused): both count as not running.
 */
export const PID_FILE = 'server.pid';

export function writePidFile(dataDir: string): () => void {
  const file = path.join(dataDir, PID_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process is this product's server, where the system says (Linux's /proc). */
function isServer(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/main');
  } catch {
    // No /proc here: a live process under the recorded id is taken to be the server.
    return true;
  }
}

/** The server running on this data directory, or null. */
export function runningServer(dataDir: string): { pid: number } | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return alive(pid) && isServer(pid) ? { pid } : null;
}
