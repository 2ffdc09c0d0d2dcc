import { getAppInfoCall } from '../../../sync/api/system.api.ts';
import { api } from '../../api/client.ts';

/** The splash's outside links as the admin set them (/admin/info); empty: not shown. */
export interface SplashLinks {
  store_url: string;
  chat_url: string;
}

/** The links as last read, so the splash shows them offline too (before sign-in: not the member's store). */
const KEPT = 'bt.splashLinks';

const none: SplashLinks = { store_url: '', chat_url: '' };

/** Only a web address is ever made a link, whatever was kept on the device. */
function webAddress(value: unknown): string {
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : '';
}

export function keptSplashLinks(): SplashLinks {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT) ?? 'null') as Partial<SplashLinks> | null;
    return kept ? { store_url: webAddress(kept.store_url), chat_url: webAddress(kept.chat_url) } : none;
  } catch {
    return none;
  }
}

/** Reads the links from the server (getAppInfo) and keeps them; the kept ones when it cannot. */
export async function loadSplashLinks(): Promise<SplashLinks> {
  try {
    const info = await api(getAppInfoCall, {});
    const links = { store_url: webAddress(info.store_url), chat_url: webAddress(info.chat_url) };
    localStorage.setItem(KEPT, JSON.stringify(links));
    return links;
  } catch {
    return keptSplashLinks();
  }
}
