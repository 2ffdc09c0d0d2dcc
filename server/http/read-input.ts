import type { Context } from 'hono';
import type { Call } from '../../sync/api/contract.ts';
import { badParameter } from './errors.ts';

/**
 * The longest query string a GET call reads: far above any call's fields (a few ids and
 * codes), far below the 16 KB request head Node refuses before the app sees it (that refusal
 * is answered in server/listen.ts). A longer one gets a -4 that says so.
 */
export const MAX_QUERY_CHARS = 4096;

function readQuery(c: Context): Record<string, string> {
  const url = c.req.url;
  const start = url.indexOf('?');
  if (start >= 0 && url.length - start - 1 > MAX_QUERY_CHARS) {
    throw badParameter({ field: 'query', reason: `query string over ${MAX_QUERY_CHARS} characters` });
  }
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(c.req.queries())) {
    if (value.length > 0) out[key] = value[value.length - 1] as string;
  }
  return out;
}

/** The raw input of a call: its query string (GET), multipart form or JSON object body. */
export async function readInput(c: Context, call: Call): Promise<unknown> {
  if (call.method === 'get') return readQuery(c);
  const type = c.req.header('content-type') ?? '';
  if (call.multipart) {
    if (!type.startsWith('multipart/form-data')) {
      throw badParameter({ field: 'body', reason: 'multipart/form-data expected' });
    }
    try {
      return await c.req.parseBody({ all: true });
    } catch {
      throw badParameter({ field: 'body', reason: 'malformed multipart body' });
    }
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (!type.includes('application/json')) {
    throw badParameter({ field: 'body', reason: 'application/json expected' });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badParameter({ field: 'body', reason: 'malformed JSON' });
  }
  // Every call takes named fields; an array or a bare value is never a valid body.
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badParameter({ field: 'body', reason: 'a JSON object expected' });
  }
  return body;
}
