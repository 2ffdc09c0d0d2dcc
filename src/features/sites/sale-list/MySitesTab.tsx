import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { getMySiteListCall, type SiteListItem } from '../../../../sync/api/site-lists.api.ts';
import {
  expandGeneralSiteExpireDaysCall,
  updateGeneralSiteCall,
} from '../../../../sync/api/site-visibility.api.ts';
import { nearExpiry } from '../../../../sync/sites/expiry.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { localDb } from '../../../db/db.ts';
import { syncEngine } from '../../../sync/client.ts';
import { useConfirm } from '../../../ui/dialogs.tsx';
import { useModal } from '../../../ui/modal.tsx';
import { localSitePage } from '../common/local-sites.ts';
import { SitePagedList } from '../common/SitePagedList.tsx';
import { useMember } from '../common/useMember.ts';
import { SiteSelectPopup } from '../select/SiteSelectPopup.tsx';
import { SiteRowActions } from './SiteRowActions.tsx';
import { SiteSearchBox } from './SiteSearchBox.tsx';

type Kind = 'A' | 'O' | 'G';

/** The count of the member's general sites near auto-hide: the server's, else the device's. */
function useNearExpireCount({ uid, version }: { uid: number; version: number }): number | null {
  const [count, setCount] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for a fresh count
  useEffect(() => {
    let live = true;
    api(getMySiteListCall, { only_near_expire_sales_count: 'Y' })
      .then((res) => res.near_expire_count)
      .catch(
        async () =>
          (await localDb.sites.toArray()).filter(
            (s) =>
              s.f_user_idx === uid &&
              s.f_site_type === 'G' &&
              s.f_status === 'N' &&
              s.f_hidden === 'N' &&
              nearExpiry(s.f_remain_days_till_hide),
          ).length,
      )
      .then((n) => live && setCount(n))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [uid, version]);
  return count;
}

/** My sites: search, kind, update-all, the near-expiry count, and per-site actions. */
export function MySitesTab() {
  const { t } = useLingui();
  const { uid } = useMember();
  const confirm = useConfirm();
  const modal = useModal();
  const { run } = useCall();
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<Kind>('A');
  const [version, setVersion] = useState(0);
  const near = useNearExpireCount({ uid, version });
  const reload = () => setVersion((v) => v + 1);

  const online = useCallback(
    (page: number) => api(getMySiteListCall, { site_type: kind, page_num: page, search_key: keyword }),
    [kind, keyword],
  );
  const offline = useCallback(
    (page: number) => localSitePage({ list: { kind: 'mine', siteType: kind, keyword }, uid, page }),
    [kind, keyword, uid],
  );

  const updateAll = async () => {
    if (!(await confirm(t`Start the days before hiding again for all your general sites?`))) return;
    if (await run(() => api(updateGeneralSiteCall, {}))) reload();
  };
  const extend = async (site: SiteListItem) => {
    if (await run(() => api(expandGeneralSiteExpireDaysCall, { site_idx: site.f_idx }))) reload();
  };
  const show = async (site: SiteListItem) => {
    await syncEngine.mutate('setHideSite', { site_idx: site.f_idx, hidden_status: 'N' });
    reload();
  };

  return (
    <>
      <SiteSearchBox label={t`Search my sites`} onSearch={setKeyword} />
      <div className="row wrap">
        <select
          className="input"
          value={kind}
          aria-label={t`Site kind`}
          onChange={(e) => setKind(e.target.value as Kind)}
        >
          <option value="A">{t`All`}</option>
          <option value="O">{t`New open`}</option>
          <option value="G">{t`General`}</option>
        </select>
        <span className="grow" />
        <button
          type="button"
          className="button button--small"
          data-testid="complete-sites"
          onClick={() =>
            modal.open((close) => (
              <SiteSelectPopup
                mode="complete"
                close={() => {
                  close();
                  reload();
                }}
              />
            ))
          }
        >
          <Trans>Sold out</Trans>
        </button>
        <button
          type="button"
          className="button button--small"
          data-testid="update-all"
          onClick={() => void updateAll()}
        >
          <Trans>Update all</Trans>
        </button>
      </div>
      {near !== null && near > 0 ? (
        <p className="banner banner--danger" data-testid="near-expire">
          <Plural
            value={near}
            one="# general site will be hidden within 5 days. Update it to keep it visible."
            other="# general sites will be hidden within 5 days. Update them to keep them visible."
          />
        </p>
      ) : null}
      <SitePagedList
        key={`${kind}|${keyword}|${version}`}
        label={t`My sites`}
        online={online}
        offline={offline}
        actions={(site) => (
          <SiteRowActions
            site={site}
            canComplete={site.f_site_type === 'O'}
            onExtend={site.f_site_type === 'G' && site.f_hidden === 'N' ? () => void extend(site) : undefined}
            onShow={site.f_hidden === 'Y' ? () => void show(site) : undefined}
            onShared={reload}
          />
        )}
      />
    </>
  );
}
