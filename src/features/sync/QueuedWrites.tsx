import { Trans } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import type { MutatorInput, MutatorName } from '../../../sync/mutators.ts';
import { localDb, type OutboxEntry } from '../../db/db.ts';
import { syncEngine } from '../../sync/client.ts';
import './queued-writes.css';

/**
 * The outbox entries of one operation still on the device: waiting to go out (or accepted and
 * not yet pulled back), or refused. Read straight from the outbox, live; `keep` narrows them (the
 * comments of one post).
 */
export function useQueuedEntries<N extends MutatorName>({
  name,
  keep,
}: {
  name: N;
  keep?: (args: MutatorInput<N>) => boolean;
}): OutboxEntry[] {
  return (
    useLiveQuery(
      () =>
        localDb.outbox
          .where('name')
          .equals(name)
          .filter((e: OutboxEntry) => e.status !== 'confirmed' && (keep?.(e.args as MutatorInput<N>) ?? true))
          .toArray(),
      // A new `keep` (another post) is another query: callers memoise it.
      [name, keep],
    ) ?? []
  );
}

/**
 * One queued write: its text, then either the waiting mark or the server's refusal with "Write
 * again" (hands what was typed back to the form) and "Dismiss". The one look of a write the device
 * still holds, for posts, notifications and comments alike.
 */
export function QueuedWrite({
  entry,
  text,
  testId,
  refusedText,
  waitingText,
  onWriteAgain,
}: {
  entry: OutboxEntry;
  text: string;
  testId: string;
  refusedText: (reason: string) => string;
  waitingText: string;
  onWriteAgain: () => void;
}) {
  const seq = entry.seq as number;
  return (
    <div className="queued-write" data-testid={testId} data-status={entry.status}>
      <strong className="queued-write__text">{text}</strong>
      {entry.status === 'rejected' ? (
        <>
          <span className="queued-write__error">{refusedText(entry.error_msg ?? '')}</span>
          <div className="row">
            <button type="button" className="button button--small" onClick={onWriteAgain}>
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
}

/**
 * A feature's writes still in the outbox (posts, notifications): waiting to go out, or refused
 * when they arrived (daily limit, ticket, points). A refused one keeps everything typed: "Write
 * again" hands its arguments to the form, and the refusal leaves once that is sent.
 */
export function QueuedWrites<N extends 'addCommunity' | 'addNotify' | 'updateCommunity' | 'updateNotify'>({
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
  const entries = useQueuedEntries({ name });
  if (entries.length === 0) return null;
  return (
    <section aria-label={label}>
      {entries.map((entry) => {
        const args = entry.args as MutatorInput<N>;
        const seq = entry.seq as number;
        return (
          <QueuedWrite
            key={seq}
            entry={entry}
            text={args.title}
            testId={testId}
            refusedText={refusedText}
            waitingText={waitingText}
            onWriteAgain={() => onWriteAgain(args, seq)}
          />
        );
      })}
    </section>
  );
}
