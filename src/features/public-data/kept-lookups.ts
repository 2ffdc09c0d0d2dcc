import type { Call, CallInput, CallOutput } from '../../../sync/api/contract.ts';
import type { LookupAnswer } from '../../../sync/public-data/public-data.ts';
import { api } from '../../api/client.ts';
import { readOnline } from '../../api/online-copy.ts';
import { type LookupsDb, lookupCopy, lookupsDb } from '../../db/lookups-db.ts';

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
 * date (src/api/online-copy.ts); without a network the kept answer is shown instead, and one
 * never fetched throws `NotKeptError`.
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
  const reading = await readOnline({
    load: () => api(call, input, signal ? { signal } : {}),
    copy: lookupCopy<CallOutput<C>>({ db, key: keyOf(call, input) }),
    ...(fetchedAt ? { savedAt: fetchedAt } : {}),
  });
  if (!reading) throw new NotKeptError();
  return { data: reading.data, fromDevice: reading.fromDevice };
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
