import { useEffect, useRef, useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network: online-only actions say so before they are tried. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine !== false,
    () => true,
  );
}

/**
 * While `waiting` (a screen shows its offline copy, or says it needs the network), runs `again`
 * when the browser says the network is back: every offline notice follows the connection without
 * the member navigating. A try that still finds no network simply shows the copy again.
 */
export function useBackOnline({ waiting, again }: { waiting: boolean; again: () => void }): void {
  const latest = useRef(again);
  latest.current = again;
  useEffect(() => {
    if (!waiting) return;
    const back = () => latest.current();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [waiting]);
}
