import { getHomeDataCall, type HomeData } from '../../../sync/api/home.api.ts';
import { api } from '../../api/client.ts';
import { type CopyPlace, type OnlineCopy, useOnlineCopy } from '../../api/online-copy.ts';

/**
 * The home's data (getHomeData, one call) with the device's last copy (src/api/online-copy.ts):
 * the copy shows at once, the server's answer replaces it and is kept for next time, and without
 * a network the copy stays (spec: offline, Home shows the last home data it had). Kept in the
 * member's store, which logout clears with the rest of the member's data.
 *
 * The store loads beside the home, not before it: the search box and the buttons are usable at
 * once, and the copy fills in a moment later (the store's chunk carries Dexie).
 */
const stored = () => import('../../db/member-copies.ts').then((m) => m.memberCopy<HomeData>('home:data'));
const homeCopy: CopyPlace<HomeData> = {
  read: async () => (await stored()).read(),
  write: async (copy) => (await stored()).write?.(copy),
};
const loadHome = () => api(getHomeDataCall, {});

export type HomeDataState = OnlineCopy<HomeData>;

export function useHomeData(): HomeDataState {
  return useOnlineCopy({ load: loadHome, copy: homeCopy });
}
