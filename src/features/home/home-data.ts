import { useCallback, useEffect, useState } from 'react';
import { getHomeDataCall, type HomeData } from '../../../sync/api/home.api.ts';
import { api, NetworkError } from '../../api/client.ts';

/**
 * The device store loads beside the home, not before it: the search box and the buttons are
 * usable at once, and the kept copy fills in a moment later (the store's chunk carries Dexie).
 */
const store = () => import('../../db/db.ts').then((m) => m.localDb);

/**
 * The home's data (getHomeData, one call) with the device's last copy: the kept copy shows at once,
 * the server's answer replaces it and is kept for next time, and without a network the kept copy
 * stays (spec: offline, Home shows the last home data it had). Kept in `syncMeta`, which logout
 * clears with the rest of the member's data.
 */
const KEY = 'home:data';

export interface HomeDataState {
  data: HomeData | null;
  /** The data came from the server on this visit (not only the kept copy). */
  fresh: boolean;
  /** The last load found no network. */
  offline: boolean;
  reload: () => void;
}

export function useHomeData(): HomeDataState {
  const [data, setData] = useState<HomeData | null>(null);
  const [fresh, setFresh] = useState(false);
  const [offline, setOffline] = useState(false);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    let live = true;
    let answered = false;
    if (round === 0) {
      void store()
        .then((db) => db.syncMeta.get(KEY))
        .then((kept) => {
          if (live && !answered && kept) setData(kept.value as HomeData);
        })
        .catch(() => {});
    }
    api(getHomeDataCall, {}).then(
      (answer) => {
        answered = true;
        if (!live) return;
        setData(answer);
        setFresh(true);
        setOffline(false);
        void store()
          .then((db) => db.syncMeta.put({ key: KEY, value: answer }))
          .catch(() => {});
      },
      (err) => {
        // A refusal (a session ending) is handled by the client; the home keeps what it had.
        if (live && err instanceof NetworkError) setOffline(true);
      },
    );
    return () => {
      live = false;
    };
  }, [round]);

  return { data, fresh, offline, reload };
}
