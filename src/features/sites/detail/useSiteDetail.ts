import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { getSiteDetailCall, type SiteDetail } from '../../../../sync/api/site-detail.api.ts';
import { ApiError, api } from '../../../api/client.ts';
import { type CopyPlace, type Reading, readOnline } from '../../../api/online-copy.ts';
import { localDb } from '../../../db/db.ts';
import { syncEngine, useSyncStatus } from '../../../sync/client.ts';
import { hasWaitingChange } from '../../../sync/local-store.ts';
import { useBackOnline } from '../../../ui/useOnline.ts';
import { localSiteDetail } from '../common/local-sites.ts';
import { useMember } from '../common/useMember.ts';

export type SiteDetailState =
  | { status: 'loading' }
  /**
   * `waiting`: the member's own changes are still on their way: `shown` when the device's copy
   * (which has them) is shown, `sending` when the device holds no copy of the site (an admin's
   * edit of a member's site) and the server's is shown until the change has reached it.
   */
  | { status: 'ready'; detail: SiteDetail; fromDevice: boolean; waiting: 'shown' | 'sending' | null }
  /** Deleted, hidden from the caller, or not there: spec §8 deleted-or-hidden notice. */
  | { status: 'unavailable'; message: string }
  /** No network and the site is not among those kept on this device. */
  | { status: 'not-on-device' }
  | { status: 'error'; message: string };

/**
 * The site detail: from the server (which records the recent view unless `skipLog`), or from
 * the device's store when there is no network (src/api/online-copy.ts; the sync keeps that copy). While a change the member made to the site
 * waits in the outbox the device's copy is shown (it has the change; the server may not yet),
 * and the detail is read again after each sync until the change has come back.
 */
export function useSiteDetail({ siteIdx, skipLog }: { siteIdx: number; skipLog: boolean }): SiteDetailState {
  const { t } = useLingui();
  const { uid, isAdmin } = useMember();
  const [state, setState] = useState<SiteDetailState>({ status: 'loading' });
  const lastSynced = useSyncStatus().lastSyncedAt;
  // Only a detail showing waiting changes follows the syncs; any other keeps its first reading.
  const [followed, setFollowed] = useState<string | null>(null);
  const waiting = state.status === 'ready' && state.waiting !== null;
  useEffect(() => {
    if (waiting) setFollowed(lastSynced);
  }, [waiting, lastSynced]);
  // A detail read from the device for want of a network is read from the server once it is back.
  const [reconnected, setReconnected] = useState(0);
  useBackOnline({
    waiting: (state.status === 'ready' && state.fromDevice) || state.status === 'not-on-device',
    again: () => setReconnected((n) => n + 1),
  });
  // Plain strings: stable between renders, so the effect runs only when the site changes.
  const hiddenNotice = t`This site has been deleted or hidden.`;
  const unexpected = t`An unexpected error occurred. Please restart the app.`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `followed` and `reconnected` are triggers, not inputs: a sync while the member's changes wait, or the network back, reads the detail again.
  useEffect(() => {
    let live = true;
    // A reading after a sync keeps the screen as it is until the new one is there.
    setState((prev) =>
      prev.status === 'ready' && prev.detail.common.f_idx === siteIdx ? prev : { status: 'loading' },
    );
    const load = async (): Promise<SiteDetailState> => {
      const changeWaits = await hasWaitingChange({ db: localDb, key: { table: 'sites', key: siteIdx } });
      if (changeWaits) {
        const mine = await localSiteDetail({ siteIdx, uid, isAdmin });
        if (mine) return { status: 'ready', detail: mine, fromDevice: false, waiting: 'shown' };
      }
      // Offline the copy is the site as the sync keeps it on the device.
      const deviceCopy: CopyPlace<SiteDetail> = {
        read: async () => {
          const detail = await localSiteDetail({ siteIdx, uid, isAdmin });
          return detail ? { value: detail, savedAt: null } : undefined;
        },
      };
      let reading: Reading<SiteDetail> | null;
      try {
        reading = await readOnline({
          load: async () => {
            const detail = await api(getSiteDetailCall, {
              site_idx: siteIdx,
              skip_log_recent_view: skipLog ? 'Y' : 'N',
            });
            // The view put the site among the member's recently viewed: bring it onto the device.
            if (!skipLog && !isAdmin) syncEngine.syncSoon();
            return detail;
          },
          copy: deviceCopy,
        });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const reason = (err.data as { reason?: string } | null)?.reason;
        return reason === 'site_unavailable'
          ? { status: 'unavailable', message: err.message }
          : { status: 'error', message: err.message };
      }
      if (!reading) return { status: 'not-on-device' };
      const { data: detail, fromDevice } = reading;
      if (fromDevice && detail.isHidden && !detail.permissions.modify) {
        return { status: 'unavailable', message: hiddenNotice };
      }
      return { status: 'ready', detail, fromDevice, waiting: changeWaits && !fromDevice ? 'sending' : null };
    };
    load()
      .then((next) => live && setState(next))
      .catch(() => live && setState({ status: 'error', message: unexpected }));
    return () => {
      live = false;
    };
  }, [siteIdx, skipLog, uid, isAdmin, hiddenNotice, unexpected, followed, reconnected]);
  return state;
}
