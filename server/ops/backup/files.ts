import fs from 'node:fs';
import path from 'node:path';

/**
 * Copies the files under `from` that `to` does not have yet (same relative path and size),
 * as hard links where both are on one file system (no space used, and an uploaded picture
 * never changes after it is written), else as copies written aside and renamed into place.
 * Nothing in `to` is removed: a picture deleted since stays for the older copies that name it.
 */
export async function copyNewFiles({ from, to }: { from: string; to: string }): Promise<{
  files: number;
  added: number;
}> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(from, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { files: 0, added: 0 };
    throw err;
  }
  let files = 0;
  let added = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    files++;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    const [have, want] = await Promise.all([sizeOf(target), sizeOf(source)]);
    // A picture caught while it was being written has another size now: copied again.
    if (have !== null && have === want) continue;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await placeFile({ source, target, replace: have !== null });
    added++;
  }
  return { files, added };
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await fs.promises.stat(file)).size;
  } catch {
    return null;
  }
}

async function placeFile({ source, target, replace }: { source: string; target: string; replace: boolean }) {
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await fs.promises.link(source, replace ? temporary : target);
    if (replace) await fs.promises.rename(temporary, target);
    return;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Another file system, or one without links: a copy instead.
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw err;
  }
  await fs.promises.copyFile(source, temporary);
  await fs.promises.rename(temporary, target);
}

/**
 * The keys the server keeps in DATA_DIR when they are not set in the environment: the phone-code
 * secret and the Web Push VAPID pair (a new pair silences every subscribed device). Small files,
 * copied whole whenever they differ.
 */
export const KEY_FILES = ['app-secret', 'vapid.json'] as const;

/** Copies each key file of `from` that `to` lacks or holds differently; returns the names copied. */
export function copyKeyFiles({
  from,
  to,
  keepOld,
}: {
  from: string;
  to: string;
  keepOld?: string;
}): string[] {
  const copied: string[] = [];
  for (const name of KEY_FILES) {
    const source = path.join(from, name);
    if (!fs.existsSync(source)) continue;
    const target = path.join(to, name);
    const bytes = fs.readFileSync(source);
    if (fs.existsSync(target)) {
      if (fs.readFileSync(target).equals(bytes)) continue;
      if (keepOld) fs.renameSync(target, `${target}.${keepOld}`);
    }
    fs.mkdirSync(to, { recursive: true });
    fs.writeFileSync(`${target}.tmp`, bytes, { mode: 0o600 });
    fs.renameSync(`${target}.tmp`, target);
    copied.push(name);
  }
  return copied;
}
