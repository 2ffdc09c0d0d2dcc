import { useCallback, useRef, useState } from 'react';
import type { Page } from '../../../../sync/api/page.ts';
import { NetworkError } from '../../../api/client.ts';
import { useInfiniteList } from '../../../ui/useInfiniteList.ts';
import { useBackOnline } from '../../../ui/useOnline.ts';

/**
 * A site list with infinite scroll (50 a page): from the server while there is a network,
 * from the device's store when there is none (the screen says so). Once a list fell back to
 * the device it stays there, so pages never mix the two sources, until the network is back:
 * then it starts again from the server's first page.
 */
export function useSitePages<T>({
  online,
  offline,
}: {
  online: (page: number) => Promise<Page<T>>;
  offline: (page: number) => Promise<Page<T>>;
}) {
  const [fromDevice, setFromDevice] = useState(false);
  const device = useRef(false);
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
  const list = useInfiniteList({ loadPage });
  const { restart } = list;
  useBackOnline({
    waiting: fromDevice,
    again: () => {
      device.current = false;
      setFromDevice(false);
      restart();
    },
  });
  return { list, fromDevice };
}
