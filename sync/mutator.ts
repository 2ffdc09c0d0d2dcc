import type * as v from 'valibot';
import type { DeviceStore } from './device-store.ts';

/**
 * How an operation that may run offline is declared, once, for both sides: its name, its
 * arguments and what it does to the device's store at once (the optimistic change). The
 * server implements the authoritative effect of each name in its feature
 * (server/<feature>/<feature>.mutators.ts), with its own checks; the client queues them in
 * the outbox (src/sync/engine.ts). Each feature's operations are listed in sync/mutators.ts.
 */

/** A row of the device's store an operation changes. */
export type LocalKey =
  | { table: 'likes' | 'memos' | 'sites'; key: number }
  /** A site's buildings with their units, as one row (the pull replaces them whole too). */
  | { table: 'units'; key: number }
  | { table: 'drafts'; key: string }
  | { table: 'conflicts'; key: number };

export interface Mutator<S extends v.GenericSchema = v.GenericSchema> {
  name: string;
  summary: string;
  args: S;
  /** The rows applyLocal changes. Their server copy is kept aside while the mutation waits. */
  touches: (args: v.InferOutput<S>) => LocalKey[];
  /** The optimistic change, run inside the Dexie transaction that queues the mutation. */
  applyLocal: (input: { db: DeviceStore; args: v.InferOutput<S>; now: string }) => Promise<void>;
}

export function defineMutator<S extends v.GenericSchema>(mutator: Mutator<S>): Mutator<S> {
  return mutator;
}
