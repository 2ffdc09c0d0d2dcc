import { type MutatorName, mutators } from '../../sync/mutators.ts';
import { communityMutators } from '../community/community.mutators.ts';
import type { Message } from '../http/messages.ts';
import type { ServerMutator } from '../http/mutation.ts';
import { defineOperation, type Operation } from '../http/operation.ts';
// Notifications.
import { notifyMutators } from '../notify/notify.mutators.ts';
import { reportMutators } from '../reports/reports.mutators.ts';
import { siteMutators } from '../sites/sites.mutators.ts';
import { runRpc } from './run.ts';

/**
 * Every offline operation's server side, composed from the features (as server/operations.ts
 * composes routes). The type requires one entry for each name of sync/mutators.ts, so an
 * operation the device can queue always has its server effect.
 */
export const serverMutators: { [N in MutatorName]: ServerMutator<N> } = {
  ...siteMutators,
  ...reportMutators,
  ...communityMutators,
  // Notifications.
  ...notifyMutators,
};

/** The spec §7 calls that run an offline operation online: the same access, the same effect. */
export const mutatorOperations: Operation[] = Object.values(serverMutators).flatMap((mutator) =>
  mutator.rpc.map(({ call, successMessage }) =>
    defineOperation(call, {
      access: mutator.access,
      // A message that counts reads the operation's answer (the RPC's output).
      ...(successMessage
        ? { successMessage: successMessage as Message | ((output: unknown) => Message) }
        : {}),
      handler: ({ input, ctx }) => runRpc({ ctx, mutator: mutator as ServerMutator, args: input }),
    }),
  ),
);

export function serverMutator(name: string): ServerMutator | null {
  return Object.hasOwn(mutators, name) ? (serverMutators[name as MutatorName] as ServerMutator) : null;
}
