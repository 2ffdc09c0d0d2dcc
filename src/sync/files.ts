import { ResultCode } from '../../sync/codes.ts';
import { LOCAL_FILE_PREFIX } from '../../sync/local-files.ts';
import { ApiError } from '../api/client.ts';
import type { LocalDb, OutboxEntry } from '../db/db.ts';
import type { SyncTransport } from './transport.ts';

/**
 * Images picked while offline. The file is kept in the device's store and the mutation
 * refers to it as `local-file:<id>`; before that mutation is pushed the file is uploaded and
 * the reference replaced by its URL, in the outbox itself, so an upload is never repeated.
 */

/** Keeps a picked image on the device and returns the reference a mutation may carry. */
export async function keepFile({
  db,
  file,
  name,
  kind,
}: {
  db: LocalDb;
  file: Blob;
  name: string;
  kind: number;
}): Promise<string> {
  const id = crypto.randomUUID();
  await db.files.put({
    id,
    blob: file,
    name,
    kind,
    created_at: new Date().toISOString(),
    uploaded_url: null,
  });
  return `${LOCAL_FILE_PREFIX}${id}`;
}

export function fileIdOf(ref: string): string | null {
  return ref.startsWith(LOCAL_FILE_PREFIX) ? ref.slice(LOCAL_FILE_PREFIX.length) : null;
}

/**
 * Picture references of a refused outbox entry as a form can send them again: uploaded URLs
 * (a picture still only on the device and never uploaded is left out).
 */
export async function uploadedImages({
  db,
  refs,
}: {
  db: LocalDb;
  refs: readonly string[];
}): Promise<string[]> {
  const urls = await Promise.all(
    refs.map(async (ref) => {
      const id = fileIdOf(ref);
      if (id === null) return ref;
      return (await db.files.get(id))?.uploaded_url ?? null;
    }),
  );
  return urls.filter((url): url is string => url !== null);
}

function collectRefs({ value, out }: { value: unknown; out: Set<string> }): void {
  if (typeof value === 'string') {
    if (value.startsWith(LOCAL_FILE_PREFIX)) out.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectRefs({ value: item, out });
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) collectRefs({ value: item, out });
  }
}

function replaceRefs({ value, urls }: { value: unknown; urls: Map<string, string> }): unknown {
  if (typeof value === 'string') return urls.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => replaceRefs({ value: item, urls }));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, item]) => [k, replaceRefs({ value: item, urls })]),
    );
  }
  return value;
}

/**
 * Uploads the images an outbox entry refers to and rewrites its arguments. Returns the
 * entry ready to push, or null when it was refused here for good (the image is gone or the
 * server refused the file), in which case it is marked rejected with the reason. A network
 * failure is thrown: the push stops and is retried later.
 */
export async function prepareFiles({
  db,
  transport,
  entry,
  messages,
}: {
  db: LocalDb;
  transport: SyncTransport;
  entry: OutboxEntry;
  /** The engine's wording (src/sync/engine.ts SyncMessages). */
  messages: { fileMissing: () => string };
}): Promise<OutboxEntry | null> {
  const refs = new Set<string>();
  collectRefs({ value: entry.args, out: refs });
  if (refs.size === 0) return entry;
  const urls = new Map<string, string>();
  const reject = async ({ code, msg }: { code: number; msg: string }) => {
    await db.outbox.update(entry.seq as number, { status: 'rejected', error_code: code, error_msg: msg });
    return null;
  };
  for (const ref of refs) {
    const id = fileIdOf(ref) as string;
    const file = await db.files.get(id);
    if (!file) return reject({ code: -1, msg: messages.fileMissing() });
    if (file.uploaded_url) {
      urls.set(ref, file.uploaded_url);
      continue;
    }
    try {
      const url = await transport.upload({ file: file.blob, name: file.name, kind: file.kind });
      await db.files.update(id, { uploaded_url: url });
      urls.set(ref, url);
    } catch (err) {
      // The server refused this file (format, size): sending it again cannot help. Anything
      // else (network, session) is worth retrying.
      if (
        err instanceof ApiError &&
        (err.code === ResultCode.apiError || err.code === ResultCode.badParameter)
      ) {
        return reject({ code: err.code, msg: err.message });
      }
      throw err;
    }
  }
  const args = replaceRefs({ value: entry.args, urls });
  await db.outbox.update(entry.seq as number, { args });
  return { ...entry, args };
}
