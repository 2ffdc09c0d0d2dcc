import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSyncStatus } from '../../sync/status.ts';
import { IosInstallGuide } from './IosInstallGuide.tsx';
import './install.css';
import { offerDismissed, promptInstall, rememberDismissal, useInstallWay } from './install-state.ts';

/** Once closed, the offer does not come back in this launch, whatever happens next. */
let closedThisLaunch = false;
/**
 * Once this launch's first sync has settled the offer stays: later syncs (a live poke, the timer)
 * must not make it blink away under the member's thumb.
 */
let settledThisLaunch = false;

/**
 * The offer to install the app (issue 32), at a sensible moment: a member's screen (`memberScreen`:
 * never the splash or sign-in) once this launch's first sync has settled, so it never competes with the
 * first screen's loading. Chromium: the browser's own prompt behind Install; iOS: the guide to
 * Add to Home Screen. "Later" (or declining the browser's prompt) is remembered on this device for
 * INSTALL_OFFER_QUIET_DAYS; the More screen still offers to install meanwhile.
 */
export function InstallOffer({ memberScreen }: { memberScreen: boolean }) {
  const { t } = useLingui();
  const way = useInstallWay();
  const { lastSyncedAt, syncing } = useSyncStatus();
  const [closed, setClosed] = useState(closedThisLaunch);
  const [busy, setBusy] = useState(false);
  // A sync that finished in this launch: the stored time of an earlier launch's does not count.
  if (lastSyncedAt !== null && !syncing && Date.parse(lastSyncedAt) >= performance.timeOrigin)
    settledThisLaunch = true;
  const settled = settledThisLaunch;
  if (closed || way === null || !settled || !memberScreen || offerDismissed()) return null;

  const close = ({ remember }: { remember: boolean }) => {
    if (remember) rememberDismissal();
    closedThisLaunch = true;
    setClosed(true);
  };
  const install = async () => {
    setBusy(true);
    try {
      const outcome = await promptInstall();
      close({ remember: outcome === 'dismissed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside
      className="install-offer"
      aria-labelledby="install-offer-title"
      data-testid="install-offer"
      data-way={way}
    >
      <h2 id="install-offer-title" className="install-offer__title">
        <Trans>Install the app</Trans>
      </h2>
      {way === 'ios' ? (
        <IosInstallGuide />
      ) : (
        <p>
          <Trans>
            Open it from the home screen like an app, and keep your sites at hand where the signal is weak.
          </Trans>
        </p>
      )}
      <div className="row install-offer__actions">
        {way === 'prompt' ? (
          <button
            type="button"
            className="button button--primary"
            data-testid="install-accept"
            disabled={busy}
            onClick={() => void install()}
          >
            <Trans>Install</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          data-testid="install-later"
          onClick={() => close({ remember: true })}
        >
          {way === 'ios' ? t`Got it` : t`Later`}
        </button>
      </div>
    </aside>
  );
}
