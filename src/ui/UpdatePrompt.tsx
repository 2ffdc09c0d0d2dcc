import { useRegisterSW } from 'virtual:pwa-register/react';
import { Trans } from '@lingui/react/macro';

/**
 * Activates the waiting worker and reloads once it controls the page. workbox-window only
 * reloads by itself for updates it found; an update found by a later registration.update()
 * would otherwise leave the page on the old version.
 */
function applyUpdate(updateServiceWorker: (reload?: boolean) => Promise<void>) {
  navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  void updateServiceWorker(true);
}

/** A new deployed version waits in the service worker until the user accepts it. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>
        <Trans>A new version is available.</Trans>
      </span>
      <button
        type="button"
        className="button button--primary"
        onClick={() => applyUpdate(updateServiceWorker)}
      >
        <Trans>Update</Trans>
      </button>
      <button type="button" className="button" onClick={() => setNeedRefresh(false)}>
        <Trans>Later</Trans>
      </button>
    </div>
  );
}
