import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { sessionStore } from '../../api/session.ts';
import { startSync, stopSync, useSyncStatus } from '../../sync/status.ts';
import { awaitingApproval, useProfile } from '../auth/profile.ts';
import { formatTime } from './format.ts';
import './sync.css';

// Shown only when the server has moved on to a newer protocol: not worth the entry chunk.
const ReloadPrompt = lazy(() => import('./ReloadPrompt.tsx').then((m) => ({ default: m.ReloadPrompt })));

function useSignedIn(): boolean {
  return useSyncExternalStore(
    (listener) => sessionStore.subscribe(listener),
    () => (sessionStore.get() ?? sessionStore.stored()) !== null,
    () => false,
  );
}

/**
 * The sync state in the header of every signed-in screen: offline, changes waiting,
 * syncing, conflicts or refusals to look at, or when it last synced. Opens /sync.
 */
export function SyncIndicator() {
  const { i18n } = useLingui();
  const signedIn = useSignedIn();
  // The server refuses the sync of a member under review: no pulling in a loop of refusals;
  // it starts when the approved profile arrives.
  const underReview = awaitingApproval(useProfile());
  const s = useSyncStatus();
  useEffect(() => {
    if (signedIn && !underReview) startSync();
    // Started before the profile said so (a page opened with a stored session): stop asking.
    if (underReview) stopSync();
  }, [signedIn, underReview]);
  if (!signedIn) return null;
  if (underReview) {
    return (
      <span className="sync-indicator sync-indicator--muted" data-testid="sync-indicator">
        <Trans>Awaiting approval</Trans>
      </span>
    );
  }

  let tone: 'ok' | 'busy' | 'warn' | 'danger' | 'muted' = 'ok';
  let label: React.ReactNode;
  if (s.outdated) {
    tone = 'danger';
    label = <Trans>Update needed</Trans>;
  } else if (s.conflicts > 0) {
    tone = 'warn';
    label = <Plural value={s.conflicts} one="# conflict to resolve" other="# conflicts to resolve" />;
  } else if (s.rejected > 0) {
    tone = 'danger';
    label = <Plural value={s.rejected} one="# change not accepted" other="# changes not accepted" />;
  } else if (!s.online) {
    tone = 'muted';
    const waiting = s.pending;
    label = waiting > 0 ? <Trans>Offline · {waiting} waiting</Trans> : <Trans>Offline</Trans>;
  } else if (s.syncing) {
    tone = 'busy';
    label = <Trans>Syncing…</Trans>;
  } else if (s.pending > 0) {
    tone = 'busy';
    label = <Plural value={s.pending} one="# change waiting" other="# changes waiting" />;
  } else if (s.lastSyncedAt) {
    const time = formatTime({ iso: s.lastSyncedAt, locale: i18n.locale });
    label = <Trans>Synced {time}</Trans>;
  } else {
    tone = 'muted';
    label = <Trans>Not synced yet</Trans>;
  }

  return (
    <>
      <Link to="/sync" className={`sync-indicator sync-indicator--${tone}`} data-testid="sync-indicator">
        {label}
      </Link>
      {s.outdated ? (
        <Suspense fallback={null}>
          <ReloadPrompt pending={s.pending} />
        </Suspense>
      ) : null}
    </>
  );
}
