import type * as v from 'valibot';
import type { Call } from './api/contract.ts';
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
  /**
   * The spec §7 call that runs this operation online, for a form that sends at once and queues
   * only without a network (src/sync/send-or-queue.ts). Its input takes the same arguments; the
   * server mounts it with the operation's effect (server/<feature>/<feature>.mutators.ts `rpc`).
   */
  online?: Call;
}

/** A mutator that declares its online call: one a form may send now, or queue when offline. */
export type OnlineMutator = Pick<Mutator, 'name'> & { online: Call };

export function defineMutator<
  S extends v.GenericSchema,
  const N extends string,
  C extends Call | undefined = undefined,
>(mutator: Mutator<S> & { name: N; online?: C }): Mutator<S> & { name: N; online: C } {
  return mutator as Mutator<S> & { name: N; online: C };
}
