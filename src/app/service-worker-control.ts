/**
 * Makes sure the page is controlled by the service worker once one is active. A page loaded
 * while the worker was activating stays uncontrolled (clients.claim() ran before it existed);
 * with screens loaded on first use it could then not open them offline. The worker claims a
 * page that asks (vite.config.ts, sw-claim.js).
 */
export function askServiceWorkerForControl(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => {
    if (!navigator.serviceWorker.controller) registration.active?.postMessage({ type: 'CLAIM_CLIENTS' });
  });
}

/** Runs once a service worker controls the page; never where none does. */
export function whenControlled(run: () => void): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (navigator.serviceWorker.controller) run();
  else navigator.serviceWorker.addEventListener('controllerchange', run, { once: true });
}
