import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import {
  applyUpdate,
  type ContainerLike,
  followUpdates,
  type RegistrationLike,
  SERVICE_WORKER,
} from './sw-update.ts';

/** The browser's service workers, where it has them, in a built app (the dev server has no worker). */
function serviceWorkers(): ContainerLike | null {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return null;
  return navigator.serviceWorker;
}

/**
 * Registers the service worker and shows "a new version is available" while a new deployed
 * version waits behind the running one (src/app/sw-update.ts: only a real waiting worker
 * prompts). Update switches to it and reloads; Later hides the prompt until the next change.
 */
export function UpdatePrompt() {
  const [registration, setRegistration] = useState<RegistrationLike | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const offered = useRef(false);

  useEffect(() => {
    const container = serviceWorkers();
    if (!container) return;
    let stop = () => {};
    let live = true;
    container
      .register(SERVICE_WORKER.url, { scope: SERVICE_WORKER.scope })
      .then((reg) => {
        if (!live) return;
        setRegistration(reg);
        stop = followUpdates({
          registration: reg,
          onChange: (next) => {
            if (next) offered.current = true;
            setWaiting(next);
            setDismissed(false);
          },
        });
      })
      .catch(() => {
        // Without a worker the app still runs online; the next visit tries again.
      });
    // Another tab took the offered update: this page's code is the old version's, so it reloads.
    const onControllerChange = () => {
      if (offered.current) window.location.reload();
    };
    container.addEventListener('controllerchange', onControllerChange);
    return () => {
      live = false;
      stop();
      container.removeEventListener('controllerchange', onControllerChange);
    };
  }, []);

  const container = serviceWorkers();
  if (!waiting || dismissed || !registration || !container) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>
        <Trans>A new version is available.</Trans>
      </span>
      <button
        type="button"
        className="button button--primary"
        onClick={() => applyUpdate({ registration, container, reload: () => window.location.reload() })}
      >
        <Trans>Update</Trans>
      </button>
      <button type="button" className="button" onClick={() => setDismissed(true)}>
        <Trans>Later</Trans>
      </button>
    </div>
  );
}
