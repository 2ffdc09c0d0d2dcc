import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { getSiteDetailCall, type SiteDetail } from '../../../../sync/api/site-detail.api.ts';
import { ApiError, api, NetworkError } from '../../../api/client.ts';
import { syncEngine } from '../../../sync/client.ts';
import { localSiteDetail } from '../common/local-sites.ts';
import { useMember } from '../common/useMember.ts';

export type SiteDetailState =
  | { status: 'loading' }
  | { status: 'ready'; detail: SiteDetail; fromDevice: boolean }
  /** Deleted, hidden from the caller, or not there: spec §8 deleted-or-hidden notice. */
  | { status: 'unavailable'; message: string }
  /** No network and the site is not among those kept on this device. */
  | { status: 'not-on-device' }
  | { status: 'error'; message: string };

/**
 * The site detail: from the server (which records the recent view unless `skipLog`), or from
 * the device's store when there is no network.
 */
export function useSiteDetail({ siteIdx, skipLog }: { siteIdx: number; skipLog: boolean }): SiteDetailState {
  const { t } = useLingui();
  const { uid, isAdmin } = useMember();
  const [state, setState] = useState<SiteDetailState>({ status: 'loading' });
  // Plain strings: stable between renders, so the effect runs only when the site changes.
  const hiddenNotice = t`This site has been deleted or hidden.`;
  const unexpected = t`An unexpected error occurred. Please restart the app.`;
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const load = async (): Promise<SiteDetailState> => {
      try {
        const detail = await api(getSiteDetailCall, {
          site_idx: siteIdx,
          skip_log_recent_view: skipLog ? 'Y' : 'N',
        });
        // The view put the site among the member's recently viewed: bring it onto the device.
        if (!skipLog && !isAdmin) syncEngine.syncSoon();
        return { status: 'ready', detail, fromDevice: false };
      } catch (err) {
        if (err instanceof ApiError) {
          const reason = (err.data as { reason?: string } | null)?.reason;
          return reason === 'site_unavailable'
            ? { status: 'unavailable', message: err.message }
            : { status: 'error', message: err.message };
        }
        if (!(err instanceof NetworkError)) throw err;
      }
      const detail = await localSiteDetail({ siteIdx, uid, isAdmin });
      if (!detail) return { status: 'not-on-device' };
      if (detail.isHidden && !detail.permissions.modify) {
        return { status: 'unavailable', message: hiddenNotice };
      }
      return { status: 'ready', detail, fromDevice: true };
    };
    load()
      .then((next) => live && setState(next))
      .catch(() => live && setState({ status: 'error', message: unexpected }));
    return () => {
      live = false;
    };
  }, [siteIdx, skipLog, uid, isAdmin, hiddenNotice, unexpected]);
  return state;
}
