import { getHomeDataCall, type HomeData } from '../../../sync/api/home.api.ts';
import { api } from '../../api/client.ts';
import { type OnlineCopy, useOnlineCopy } from '../../api/online-copy.ts';
import { memberCopy } from '../../db/member-copies.ts';

/**
 * The home's data (getHomeData, one call) with the device's last copy (src/api/online-copy.ts):
 * the copy shows at once, the server's answer replaces it and is kept for next time, and without
 * a network the copy stays (spec: offline, Home shows the last home data it had). Kept in the
 * member's store, which logout clears with the rest of the member's data.
 */
const homeCopy = memberCopy<HomeData>('home:data');
const loadHome = () => api(getHomeDataCall, {});

export type HomeDataState = OnlineCopy<HomeData>;

export function useHomeData(): HomeDataState {
  return useOnlineCopy({ load: loadHome, copy: homeCopy });
}
