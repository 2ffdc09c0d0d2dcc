import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import type { MutatorInput } from '../../../sync/mutators.ts';
import { localDb, type OutboxEntry } from '../../db/db.ts';
import { syncEngine } from '../../sync/client.ts';

/**
 * The member's notifications still in the outbox: waiting to be sent, or refused when they arrived
 * (per-site limit, ticket, points). A refused one keeps everything typed: "Write again" opens the
 * write popup with it, and the refusal leaves once that is sent.
 */
export function QueuedNotifications({
  onWriteAgain,
}: {
  onWriteAgain: (args: MutatorInput<'addNotify'>, seq: number) => void;
}) {
  const { t } = useLingui();
  const entries =
    useLiveQuery(
      () =>
        localDb.outbox
          .where('name')
          .equals('addNotify')
          .filter((e: OutboxEntry) => e.status !== 'confirmed')
          .toArray(),
      [],
    ) ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-label={t`Notifications on this device`}>
      {entries.map((entry) => {
        const args = entry.args as MutatorInput<'addNotify'>;
        const rejected = entry.status === 'rejected';
        return (
          <div key={entry.seq} className="notify-queued" data-testid="queued-notify">
            <strong>{args.title}</strong>
            {rejected ? (
              <>
                <span className="notify-queued__error">{t`Not sent: ${entry.error_msg ?? ''}`}</span>
                <div className="row">
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => onWriteAgain(args, entry.seq as number)}
                  >
                    <Trans>Write again</Trans>
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => void syncEngine.dismiss(entry.seq as number)}
                  >
                    <Trans>Dismiss</Trans>
                  </button>
                </div>
              </>
            ) : (
              <span className="muted">{t`Waiting to be sent when the connection is back.`}</span>
            )}
          </div>
        );
      })}
    </section>
  );
}
