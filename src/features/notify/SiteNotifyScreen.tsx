import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { localDb } from '../../db/db.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { NotifyList } from './NotifyList.tsx';
import { useIdParam } from './search-params.ts';
import { useNotifyPopups } from './useNotifyPopups.tsx';

/** The route's screen: the site from the address (?site_idx=). */
export function SiteNotifyRoute() {
  const site_idx = useIdParam('site_idx');
  return site_idx ? <SiteNotifyScreen key={site_idx} siteIdx={site_idx} /> : null;
}

/**
 * Spec §2 /SiteNotify: one site's notifications, received about it and written about it by the
 * member, opened from the site detail. Writing one here starts with the site chosen.
 */
export function SiteNotifyScreen({ siteIdx }: { siteIdx: number }) {
  const { t } = useLingui();
  const [version, setVersion] = useState(0);
  const site = useLiveQuery(() => localDb.sites.get(siteIdx), [siteIdx]);
  const popups = useNotifyPopups({ onSaved: () => setVersion((v) => v + 1) });
  const mine = site !== undefined;
  return (
    <>
      <ScreenHeader title={site?.f_name ? t`${site.f_name}: notifications` : t`Site notifications`} back />
      <main className="screen notify-screen">
        <NotifyList version={version} list={{ kind: 'site', siteIdx }} onOpen={popups.open} />
        {mine ? (
          <button
            type="button"
            className="button button--primary notify-write"
            onClick={() =>
              void popups.write({
                initial: {
                  site_idx: siteIdx,
                  site_name: site.f_name,
                  address: [site.f_address1, site.f_address2]
                    .filter((s) => typeof s === 'string' && s.trim() !== '')
                    .join(' '),
                },
              })
            }
          >
            <Trans>Write a notification</Trans>
          </button>
        ) : null}
      </main>
    </>
  );
}
