import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { getLikeSiteListCall, getRecentViewSiteListCall } from '../../../../sync/api/site-lists.api.ts';
import { api } from '../../../api/client.ts';
import { syncEngine } from '../../../sync/client.ts';
import { ScreenHeader } from '../../../ui/ScreenHeader.tsx';
import { localSitePage } from '../common/local-sites.ts';
import { SitePagedList } from '../common/SitePagedList.tsx';
import { useMember } from '../common/useMember.ts';
import '../sites.css';
import { Icon } from '../../../ui/Icon.tsx';
import { HeartIcon } from '../../../ui/icons.ts';

type Tab = 'recent' | 'like';

/** Spec §2 Interest: recently viewed and favourites, 50 at a time as the list scrolls. */
export function InterestScreen() {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('recent');
  const { uid } = useMember();
  const online = useCallback(
    (page: number) =>
      api(tab === 'recent' ? getRecentViewSiteListCall : getLikeSiteListCall, { page_num: page }),
    [tab],
  );
  const offline = useCallback(
    (page: number) => localSitePage({ list: { kind: tab }, uid, page }),
    [tab, uid],
  );

  return (
    <>
      <ScreenHeader title={t`Interest`} />
      <main className="screen">
        <div className="tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'recent'} onClick={() => setTab('recent')}>
            <Trans>Recently viewed</Trans>
          </button>
          <button type="button" role="tab" aria-selected={tab === 'like'} onClick={() => setTab('like')}>
            <Trans>Favourites</Trans>
          </button>
        </div>
        <SitePagedList
          key={tab}
          label={tab === 'recent' ? t`Recently viewed` : t`Favourites`}
          online={online}
          offline={offline}
          empty={
            <>
              <p>
                {tab === 'recent'
                  ? t`No recently viewed sites yet. The sites you open show here, also offline.`
                  : t`No favourites yet. Tap the heart on a site to keep it here, also offline.`}
              </p>
              <Link to="/Map" className="button">
                <Trans>Find sites on the map</Trans>
              </Link>
            </>
          }
          actions={
            tab === 'like'
              ? (site, remove) => (
                  <button
                    type="button"
                    className="icon-button like-button is-liked"
                    aria-label={t`Remove from favourites`}
                    aria-pressed="true"
                    data-testid="unlike-button"
                    onClick={() => {
                      // An offline operation: applied on the device at once, sent when there is a network.
                      void syncEngine
                        .mutate('setLikeSite', { site_idx: site.f_idx, like_status: 'N' })
                        .then(() => {
                          remove(site.f_idx);
                        });
                    }}
                  >
                    <Icon data={HeartIcon} size={20} fill="currentColor" />
                  </button>
                )
              : undefined
          }
        />
      </main>
    </>
  );
}
