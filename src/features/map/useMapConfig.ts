import { useEffect, useState } from 'react';
import { getMapConfigCall } from '../../../sync/api/map.api.ts';
import { api } from '../../api/client.ts';

const KEY = 'bt.mapVworldKey';

function stored(): string | null | undefined {
  try {
    const value = localStorage.getItem(KEY);
    return value === null ? undefined : value || null;
  } catch {
    return undefined;
  }
}

/** The tile provider remembered from the last online map: null for OpenStreetMap. */
export function rememberedVworldKey(): string | null {
  return stored() ?? null;
}

/**
 * The base tile provider: the server's VWorld key, or null for OpenStreetMap. Remembered so
 * an offline visit draws the same tiles the service worker kept.
 */
export function useVworldKey(): string | null | undefined {
  const [key, setKey] = useState<string | null | undefined>(stored);
  useEffect(() => {
    let live = true;
    api(getMapConfigCall, {})
      .then((config) => {
        if (!live) return;
        setKey(config.vworld_key);
        try {
          localStorage.setItem(KEY, config.vworld_key ?? '');
        } catch {
          // Not remembered; asked again next time.
        }
      })
      .catch(() => {
        // Offline or refused: keep what was remembered, else OpenStreetMap.
        if (live) setKey((k) => (k === undefined ? null : k));
      });
    return () => {
      live = false;
    };
  }, []);
  return key;
}
