import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatArea, formatManwon } from '../../lib/format.ts';
import { useModal } from '../../ui/modal.tsx';
import { AreaSelectPopup } from './AreaSelectPopup.tsx';
import { areaChoices, sampleTrades } from './sample-trades.ts';

/** Actual transaction prices (sample data, spec §2), narrowed to one area type by the area selection popup. */
export function TradeTab({ pnu }: { pnu: string }) {
  const { t, i18n } = useLingui();
  const modal = useModal();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const [area, setArea] = useState<number | null>(null);
  const trades = sampleTrades(pnu);
  const shown = area === null ? trades : trades.filter((r) => r.area === area);
  const openAreas = () =>
    modal.open((close) => (
      <AreaSelectPopup choices={areaChoices(trades)} chosen={area} onChoose={setArea} close={close} />
    ));
  return (
    <div className="lookup-tab" data-testid="trade-tab">
      <p className="lookup-note muted">
        <span className="badge badge--warn" data-testid="sample-data">
          <Trans>Sample data</Trans>
        </span>
      </p>
      <button
        type="button"
        className="button area-select__open"
        data-testid="area-select-button"
        onClick={openAreas}
      >
        {area === null ? t`Area: all` : t`Area: ${formatArea(area)}`}
      </button>
      <table className="table trade-table">
        <caption className="sr-only">{t`Actual transaction price`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Contract month`}</th>
            <th scope="col">{t`Area`}</th>
            <th scope="col">{t`Floor`}</th>
            <th scope="col">{t`Price`}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.id}>
              <td>{r.month}</td>
              <td>{formatArea(r.area)}</td>
              <td>{r.floor}</td>
              <td>{formatManwon(r.manwon, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
