import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { BuildingTab } from './BuildingTab.tsx';
import { PriceTab } from './PriceTab.tsx';
import { TradeTab } from './TradeTab.tsx';
import './public-data.css';

type Tab = 'building' | 'price' | 'trade';

/**
 * The site inquiry popup (spec §2, §4): opens on the building register tab with a fresh state
 * each time; a tab loads when first opened and stays loaded while the popup is open (the land
 * price loads once).
 */
export function SiteInquiryPopup({
  pnu,
  siteName,
  close,
}: {
  pnu: string;
  siteName: string;
  close: () => void;
}) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('building');
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(new Set(['building']));
  const labels: Record<Tab, string> = {
    building: t`Building register`,
    price: t`Official land price`,
    trade: t`Actual transaction price`,
  };
  const choose = (next: Tab) => {
    setTab(next);
    setOpened((s) => new Set([...s, next]));
  };
  return (
    <div className="site-inquiry" data-testid="site-inquiry">
      <h2 className="modal__title">{siteName}</h2>
      <div className="tabs" role="tablist">
        {(['building', 'price', 'trade'] as const).map((key) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} onClick={() => choose(key)}>
            {labels[key]}
          </button>
        ))}
      </div>
      <div hidden={tab !== 'building'}>
        <BuildingTab pnu={pnu} />
      </div>
      {opened.has('price') ? (
        <div hidden={tab !== 'price'}>
          <PriceTab pnu={pnu} />
        </div>
      ) : null}
      {opened.has('trade') ? (
        <div hidden={tab !== 'trade'}>
          <TradeTab pnu={pnu} />
        </div>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
      </div>
    </div>
  );
}

export default SiteInquiryPopup;
