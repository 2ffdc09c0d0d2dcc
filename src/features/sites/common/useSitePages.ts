import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState } from 'react';
import type { SitePage } from '../../../../sync/api/site-lists.api.ts';
import { ApiError, NetworkError } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.tsx';
import { useInfiniteList } from '../../../ui/useInfiniteList.ts';

/**
 * A site list with infinite scroll (50 a page): from the server while there is a network,
 * from the device's store when there is none (the screen says so). Once a list fell back to
 * the device it stays there until it is opened again, so pages never mix the two sources.
 * Rows removed on the screen (an unliked favourite) are filtered out at once.
 */
export function useSitePages({
  online,
  offline,
}: {
  online: (page: number) => Promise<SitePage>;
  offline: (page: number) => Promise<SitePage>;
}) {
  const { t } = useLingui();
  const [fromDevice, setFromDevice] = useState(false);
  const device = useRef(false);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const loadPage = useCallback(
    async (page: number) => {
      if (!device.current) {
        try {
          return await online(page);
        } catch (err) {
          if (!(err instanceof NetworkError)) throw err;
          device.current = true;
          setFromDevice(true);
        }
      }
      return offline(page);
    },
    [online, offline],
  );
  const list = useInfiniteList({
    loadPage,
    onError: (err) =>
      toast(err instanceof ApiError ? err.message : t`An unexpected error occurred. Please restart the app.`),
  });
  const remove = useCallback((idx: number) => setRemoved((r) => new Set([...r, idx])), []);
  return {
    ...list,
    items: list.items.filter((s) => !removed.has(s.f_idx)),
    fromDevice,
    remove,
  };
}
