import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { getSiteDetailCall, type SiteDetail } from '../../../../sync/api/site-detail.api.ts';
import { ApiError, api } from '../../../api/client.ts';
import { type CopyPlace, type Reading, readOnline } from '../../../api/online-copy.ts';
import { localDb } from '../../../db/db.ts';
import { syncEngine, useSyncStatus } from '../../../sync/client.ts';
import { hasWaitingChange } from '../../../sync/local-store.ts';
import { localSiteDetail } from '../common/local-sites.ts';
import { useMember } from '../common/useMember.ts';

export type SiteDetailState =
  | { status: 'loading' }
  /** `waiting`: the member's own changes are still on their way, so the device's copy is shown. */
  | { status: 'ready'; detail: SiteDetail; fromDevice: boolean; waiting: boolean }
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
  const waiting = state.status === 'ready' && state.waiting;
  useEffect(() => {
    if (waiting) setFollowed(lastSynced);
  }, [waiting, lastSynced]);
  // Plain strings: stable between renders, so the effect runs only when the site changes.
  const hiddenNotice = t`This site has been deleted or hidden.`;
  const unexpected = t`An unexpected error occurred. Please restart the app.`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `followed` is the trigger, not an input: a sync while the member's changes wait reads the detail again.
  useEffect(() => {
    let live = true;
    // A reading after a sync keeps the screen as it is until the new one is there.
    setState((prev) =>
      prev.status === 'ready' && prev.detail.common.f_idx === siteIdx ? prev : { status: 'loading' },
    );
    const load = async (): Promise<SiteDetailState> => {
      if (await hasWaitingChange({ db: localDb, key: { table: 'sites', key: siteIdx } })) {
        const mine = await localSiteDetail({ siteIdx, uid, isAdmin });
        if (mine) return { status: 'ready', detail: mine, fromDevice: false, waiting: true };
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
      return { status: 'ready', detail, fromDevice, waiting: false };
    };
    load()
      .then((next) => live && setState(next))
      .catch(() => live && setState({ status: 'error', message: unexpected }));
    return () => {
      live = false;
    };
  }, [siteIdx, skipLog, uid, isAdmin, hiddenNotice, unexpected, followed]);
  return state;
}
