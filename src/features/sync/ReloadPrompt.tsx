import { Plural, Trans } from '@lingui/react/macro';

/** Asks the service worker for the newer app, lets it take over, and reloads. */
async function reloadForUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  await registration?.update().catch(() => undefined);
  const waiting = registration?.waiting;
  if (!waiting) {
    location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
  // If the worker never takes over, reload anyway: the outbox is in IndexedDB either way.
  setTimeout(() => location.reload(), 3000);
}

/** Shown when the server no longer speaks this app's sync protocol (design.md guarantee 7). */
export function ReloadPrompt({ pending }: { pending: number }) {
  return (
    <div className="reload-prompt" role="alertdialog" aria-labelledby="reload-prompt-text">
      <span id="reload-prompt-text">
        <Trans>This version of the app is too old to sync.</Trans>{' '}
        <Plural
          value={pending}
          _0="Reload to update."
          one="Your # unsent change is kept on this device; reload to update and send it."
          other="Your # unsent changes are kept on this device; reload to update and send them."
        />
      </span>
      <button type="button" className="button button--primary" onClick={() => void reloadForUpdate()}>
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}
