import { Trans } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import * as v from 'valibot';
import type { LocalKey, Mutator } from '../../../sync/mutator.ts';
import { type LocalDb, localDb } from '../../db/db.ts';

const none: ReadonlySet<number> = new Set();

type NumberedTable = Extract<LocalKey, { key: number }>['table'];

/**
 * The rows of a table with a change of the member's still waiting (the rule of hasWaitingChange:
 * not refused, pending, sent or accepted and not yet pulled back), by the rows the operations
 * say they touch.
 */
export async function waitingKeys({
  db,
  table,
}: {
  db: LocalDb;
  table: NumberedTable;
}): Promise<Set<number>> {
  // Read here rather than through the sync store's module, which is in the entry chunk.
  const { isMutatorName, mutators } = await import('../../../sync/mutators.ts');
  const keys = new Set<number>();
  for (const entry of await db.outbox.toArray()) {
    if (entry.status === 'rejected' || !isMutatorName(entry.name)) continue;
    const mutator = mutators[entry.name] as unknown as Mutator;
    const parsed = v.safeParse(mutator.args, entry.args);
    if (!parsed.success) continue;
    for (const k of mutator.touches(parsed.output)) if (k.table === table) keys.add(k.key as number);
  }
  return keys;
}

/** The rows of `table` with a change of the member's waiting to sync, kept current as the outbox moves. */
export function useWaitingKeys(table: NumberedTable): ReadonlySet<number> {
  return useLiveQuery(() => waitingKeys({ db: localDb, table }), [table]) ?? none;
}

/** The mark on a row whose device copy has changes the server has not confirmed yet. */
export function WaitingBadge() {
  return (
    <span className="badge badge--warn" data-testid="waiting-badge">
      <Trans>Waiting to sync</Trans>
    </span>
  );
}
