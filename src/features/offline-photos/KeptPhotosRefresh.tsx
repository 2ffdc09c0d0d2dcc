import { useEffect, useRef } from 'react';
import { useSyncStatus } from '../../sync/status.ts';

/**
 * After each sync that completes online, the own and group sites' pictures are brought onto the
 * device in the background (keep-photos.ts), one run at a time: the rows come first and the
 * pictures never hold a sync up. The code loads only then.
 */
export function KeptPhotosRefresh() {
  const { lastSyncedAt, online } = useSyncStatus();
  const running = useRef(false);
  useEffect(() => {
    if (!lastSyncedAt || !online || running.current || typeof caches === 'undefined') return;
    running.current = true;
    void import('./keep-photos.ts')
      .then((photos) => photos.keepPhotos())
      .catch(() => {
        // Offline or storage refused: the next sync tries again.
      })
      .finally(() => {
        running.current = false;
      });
  }, [lastSyncedAt, online]);
  return null;
}
