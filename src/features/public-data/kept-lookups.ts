import type { Call, CallInput, CallOutput } from '../../../sync/api/contract.ts';
import type { LookupAnswer } from '../../../sync/public-data/public-data.ts';
import { api, NetworkError } from '../../api/client.ts';
import { type LookupsDb, lookupsDb } from '../../db/lookups-db.ts';

/** A look-up as a screen shows it: the answer, and whether it is the device's kept copy. */
export interface ShownLookup<T> {
  answer: LookupAnswer<T>;
  fromDevice: boolean;
}

/** Not fetched yet on this device and no network: the screen says it needs the network. */
export class NotKeptError extends Error {
  constructor() {
    super('public-data look-up not kept on this device');
    this.name = 'NotKeptError';
  }
}

const keyOf = (call: Call, input: unknown) => `${call.operationId}:${JSON.stringify(input)}`;

/**
 * Public-data look-ups are online calls (the sync protocol does not carry them). Every answer
 * the member opened is kept in Dexie (`bunyang-lookups`, src/db/lookups-db.ts) with its fetch
 * date; without a network the kept answer is shown instead, and one never fetched throws
 * `NotKeptError`.
 */
export async function keptCall<C extends Call>({
  call,
  input,
  db = lookupsDb,
  fetchedAt,
  signal,
}: {
  call: C;
  input: CallInput<C>;
  db?: LookupsDb;
  /** The answer's own fetch date when it carries one; else the moment it arrived. */
  fetchedAt?: (data: CallOutput<C>) => string;
  /** The screen closed: the request stops, and the server stops asking the provider. */
  signal?: AbortSignal;
}): Promise<{ data: CallOutput<C>; fromDevice: boolean }> {
  const key = keyOf(call, input);
  try {
    const data = await api(call, input, signal ? { signal } : {});
    await db.lookups.put({ key, fetched_at: fetchedAt?.(data) ?? new Date().toISOString(), answer: data });
    return { data, fromDevice: false };
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    const kept = await db.lookups.get(key);
    if (!kept) throw new NotKeptError();
    return { data: kept.answer as CallOutput<C>, fromDevice: true };
  }
}

/** A look-up answering `LookupAnswer` rows, kept with the server's fetch date. */
export async function lookUp<C extends Call>({
  call,
  input,
  db = lookupsDb,
  signal,
}: {
  call: C;
  input: CallInput<C>;
  db?: LookupsDb;
  signal?: AbortSignal;
}): Promise<ShownLookup<CallOutput<C> extends LookupAnswer<infer T> ? T : never>> {
  type Answer = LookupAnswer<CallOutput<C> extends LookupAnswer<infer T> ? T : never>;
  const { data, fromDevice } = await keptCall({
    call,
    input,
    db,
    ...(signal ? { signal } : {}),
    fetchedAt: (d) => (d as Answer).fetched_at,
  });
  return { answer: data as Answer, fromDevice };
}
