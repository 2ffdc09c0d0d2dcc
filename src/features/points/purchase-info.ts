import { useEffect, useSyncExternalStore } from 'react';
import { getPurchaseInfoCall, type PurchaseInfo } from '../../../sync/api/points.api.ts';
import { api } from '../../api/client.ts';

/**
 * Plans, charge options and ticket settings as the server last described them. A copy is
 * kept in localStorage so the More header renders offline; prices are only ever shown
 * from here, and the server charges its own.
 */
const KEY = 'bt.purchaseInfo';
let current: PurchaseInfo | null = read();
let inflight: Promise<PurchaseInfo> | null = null;
const listeners = new Set<() => void>();

function read(): PurchaseInfo | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PurchaseInfo) : null;
  } catch {
    return null;
  }
}

function set(info: PurchaseInfo) {
  current = info;
  try {
    localStorage.setItem(KEY, JSON.stringify(info));
  } catch {
    // Storage full: the in-memory copy serves this visit.
  }
  for (const l of listeners) l();
}

export const purchaseInfoStore = {
  get: () => current,
  /** Fetches once at a time; throws ApiError / NetworkError. */
  refresh: (): Promise<PurchaseInfo> => {
    inflight ??= api(getPurchaseInfoCall, {})
      .then((info) => {
        set(info);
        return info;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  },
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/** The purchase info, refreshed from the server when a screen that shows it opens. */
export function usePurchaseInfo(): PurchaseInfo | null {
  useEffect(() => {
    purchaseInfoStore.refresh().catch(() => {
      // Offline: the stored copy stays on screen.
    });
  }, []);
  return useSyncExternalStore(purchaseInfoStore.subscribe, purchaseInfoStore.get, purchaseInfoStore.get);
}
