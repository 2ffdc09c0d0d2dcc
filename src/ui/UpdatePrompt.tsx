import { useRegisterSW } from 'virtual:pwa-register/react';
import { Trans } from '@lingui/react/macro';

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
      <button type="button" className="button button--primary" onClick={() => void updateServiceWorker(true)}>
        <Trans>Update</Trans>
      </button>
      <button type="button" className="button" onClick={() => setNeedRefresh(false)}>
        <Trans>Later</Trans>
      </button>
    </div>
  );
}
