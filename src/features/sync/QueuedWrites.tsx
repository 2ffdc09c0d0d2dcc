import { Trans } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import type { MutatorInput, MutatorName } from '../../../sync/mutators.ts';
import { localDb, type OutboxEntry } from '../../db/db.ts';
import { syncEngine } from '../../sync/client.ts';
import './queued-writes.css';

/**
 * A feature's writes still in the outbox (posts, notifications): waiting to go out, or refused
 * when they arrived (daily limit, ticket, points). A refused one keeps everything typed: "Write
 * again" hands its arguments to the form, and the refusal leaves once that is sent.
 */
export function QueuedWrites<N extends 'addCommunity' | 'addNotify'>({
  name,
  label,
  testId,
  refusedText,
  waitingText,
  onWriteAgain,
}: {
  name: N & MutatorName;
  /** The section's accessible name. */
  label: string;
  testId: string;
  refusedText: (reason: string) => string;
  waitingText: string;
  onWriteAgain: (args: MutatorInput<N>, seq: number) => void;
}) {
  const entries =
    useLiveQuery(
      () =>
        localDb.outbox
          .where('name')
          .equals(name)
          .filter((e: OutboxEntry) => e.status !== 'confirmed')
          .toArray(),
      [name],
    ) ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-label={label}>
      {entries.map((entry) => {
        const args = entry.args as MutatorInput<N>;
        const seq = entry.seq as number;
        return (
          <div key={seq} className="queued-write" data-testid={testId}>
            <strong>{args.title}</strong>
            {entry.status === 'rejected' ? (
              <>
                <span className="queued-write__error">{refusedText(entry.error_msg ?? '')}</span>
                <div className="row">
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => onWriteAgain(args, seq)}
                  >
                    <Trans>Write again</Trans>
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => void syncEngine.dismiss(seq)}
                  >
                    <Trans>Dismiss</Trans>
                  </button>
                </div>
              </>
            ) : (
              <span className="muted">{waitingText}</span>
            )}
          </div>
        );
      })}
    </section>
  );
}
