import type { Call } from '../../sync/api/contract.ts';
import type { MutatorArgs, MutatorName } from '../../sync/mutators.ts';
import type { Access } from './access.ts';
import type { TxContext } from './context.ts';
import type { Message } from './messages.ts';

/**
 * The server side of an offline operation (sync/mutator.ts declares it for both sides). A
 * feature gives each of its operations an access rule and an effect in
 * server/<feature>/<feature>.mutators.ts; server/sync/registry.ts composes them. The effect
 * runs in the transaction its caller opened: the push of one mutation (with the device's
 * sequence) or the plain RPC form of the same operation. Refusals are thrown as AppError;
 * whatever was written is then rolled back.
 */

export interface MutationContext extends TxContext {
  /** The device that queued the mutation; null for the RPC form. */
  clientId: string | null;
  mutationId: string | null;
}

export interface MutationOutcome {
  status: 'applied' | 'conflict';
  data: unknown;
}

export const applied = (data: unknown): MutationOutcome => ({ status: 'applied', data });

/** A spec §7 call that runs the operation online: its input is the operation's arguments. */
export interface MutatorRpc {
  call: Call;
  /** Shown as the envelope's msg on success (spec §8 success toasts); may depend on the result. */
  successMessage?: Message | ((output: never) => Message);
}

/** Offline operations run for signed-in, approved members (the push itself needs one). */
export type MutatorAccess = Extract<Access, { kind: 'member' } | { kind: 'admin' }>;

export interface ServerMutator<N extends MutatorName = MutatorName> {
  name: N;
  /** Checked by the same function as a route's access, for the push and the RPC alike. */
  access: MutatorAccess;
  rpc: readonly MutatorRpc[];
  effect: (input: { ctx: MutationContext; args: MutatorArgs<N> }) => Promise<MutationOutcome>;
}

export function defineServerMutator<N extends MutatorName>(
  name: N,
  impl: Omit<ServerMutator<N>, 'name'>,
): ServerMutator<N> {
  return { name, ...impl };
}
