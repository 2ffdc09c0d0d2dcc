import { type MutatorName, mutators } from '../../sync/mutators.ts';
import type { ChangeEntity } from '../../sync/protocol.ts';
import { communityMutators } from '../community/community.mutators.ts';
import { editMutators } from '../edits/edits.mutators.ts';
import { editConflictPull } from '../edits/edits.pull.ts';
import type { Message } from '../http/messages.ts';
import type { ServerMutator } from '../http/mutation.ts';
import { defineOperation, type Operation } from '../http/operation.ts';
// Notifications.
import { notifyMutators } from '../notify/notify.mutators.ts';
import { inboxPull, notificationPull } from '../notify/notify.pull.ts';
import { reportMutators } from '../reports/reports.mutators.ts';
import { siteMutators } from '../sites/sites.mutators.ts';
import { conflictPull, likePull, memoPull, recentPull, sitePull } from '../sites/sites.pull.ts';
import type { AnyPulledEntity } from './pulled.ts';
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
  // Edit conflicts of posts, comments and notifications.
  ...editMutators,
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

/** The list as it is, when every entity of the protocol has an owner in it; a compile error otherwise. */
function everyEntityOwned<const T extends ReadonlyArray<AnyPulledEntity>>(
  list: T &
    ([ChangeEntity] extends [T[number]['entities'][number]]
      ? unknown
      : 'an entity of the protocol has no owner'),
): T {
  return list;
}

/**
 * Every entity the pull sends, each declared by the feature that owns it (server/sync/pulled.ts;
 * docs/sync.md, "Adding a pulled entity"). Each entity of the protocol has exactly one owner:
 * the compiler refuses one left out, `pullOwners` one listed twice.
 */
export const pulledEntities = everyEntityOwned([
  sitePull,
  likePull,
  memoPull,
  recentPull,
  conflictPull,
  // Notifications.
  notificationPull,
  inboxPull,
  // Edit conflicts of posts, comments and notifications (protocol 8).
  editConflictPull,
]);

/** The declaration that answers each entity. */
export function pullOwners(
  entities: ReadonlyArray<AnyPulledEntity> = pulledEntities,
): Map<ChangeEntity, AnyPulledEntity> {
  const owners = new Map<ChangeEntity, AnyPulledEntity>();
  for (const owner of entities) {
    for (const entity of owner.entities) {
      if (owners.has(entity)) throw new Error(`pulled entity ${entity} has two owners`);
      owners.set(entity, owner);
    }
  }
  return owners;
}
