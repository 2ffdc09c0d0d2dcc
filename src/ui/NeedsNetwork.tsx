import { Trans } from '@lingui/react/macro';
import { useBackOnline } from './useOnline.ts';

/**
 * Where a list's rows would be when it could not be read for want of a network: says so and
 * offers "try again". The toast of the failure is gone before an agent looks, and an empty
 * list would read as "nothing here".
 */
export function NeedsNetwork({ onRetry, busy = false }: { onRetry: () => void; busy?: boolean }) {
  // The network back, the list tries again by itself.
  useBackOnline({ waiting: !busy, again: onRetry });
  return (
    <div className="empty" role="status">
      <p>
        <Trans>This list needs a network connection.</Trans>
      </p>
      <button type="button" className="button" disabled={busy} onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
