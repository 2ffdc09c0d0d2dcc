import { useEffect, useRef } from 'react';
import { useSyncStatus } from '../../sync/status.ts';

/**
 * Kept areas are refreshed on sync: each time a sync completes online, the areas kept longer
 * ago than AREA_REFRESH_HOURS are downloaded again (kept-areas.ts `refreshStaleAreas`), one
 * run at a time. The download code loads only then.
 */
export function KeptAreasRefresh() {
  const { lastSyncedAt, online } = useSyncStatus();
  const running = useRef(false);
  useEffect(() => {
    if (!lastSyncedAt || !online || running.current) return;
    running.current = true;
    void Promise.all([import('./kept-areas.ts'), import('../map/useMapConfig.ts')])
      .then(([areas, config]) => areas.refreshStaleAreas({ vworldKey: config.rememberedVworldKey() }))
      .catch(() => {
        // Refused or offline: the next sync tries again.
      })
      .finally(() => {
        running.current = false;
      });
  }, [lastSyncedAt, online]);
  return null;
}
