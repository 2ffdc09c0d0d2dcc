import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ScreenHeader } from '../../../ui/ScreenHeader.tsx';
import { GroupSitesTab } from './GroupSitesTab.tsx';
import { MySitesTab } from './MySitesTab.tsx';
import '../sites.css';

type Tab = 'mine' | 'group';

/** Spec §2 My sale list: my sites and group sites, search, update-all, near-expiry count. */
export function SaleListScreen() {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('mine');
  return (
    <>
      <ScreenHeader title={t`My sale list`} back />
      <main className="screen">
        <div className="tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'mine'} onClick={() => setTab('mine')}>
            <Trans>My sites</Trans>
          </button>
          <button type="button" role="tab" aria-selected={tab === 'group'} onClick={() => setTab('group')}>
            <Trans>Group sites</Trans>
          </button>
        </div>
        {tab === 'mine' ? <MySitesTab /> : <GroupSitesTab />}
      </main>
    </>
  );
}
