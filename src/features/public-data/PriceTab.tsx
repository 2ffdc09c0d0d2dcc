import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getHousePriceCall, getLandPriceCall } from '../../../sync/api/public-data.api.ts';
import { withLandType } from '../../../sync/public-data/public-data.ts';
import { useModal } from '../../ui/modal.tsx';
import { ApartPriceSection } from './ApartPriceSection.tsx';
import { LookupPending, LookupSourceNote } from './LookupStatus.tsx';
import { OfficetelSection } from './OfficetelSection.tsx';
import { PriceHistoryPopup } from './PriceHistoryPopup.tsx';
import { tableWon } from './price-format.ts';
import { useLookup } from './useLookup.ts';

/**
 * Official price tab: the land price per ㎡ (special-land choice 1 general, 2 mountain reloads
 * it), the detached house price, apartment/villa prices and, where admins imported them, officetel standard prices; each
 * opens its price history.
 */
export function PriceTab({ pnu }: { pnu: string }) {
  const { t } = useLingui();
  const modal = useModal();
  const [landType, setLandType] = useState<1 | 2>(pnu.slice(10, 11) === '2' ? 2 : 1);
  const parcel = withLandType({ pnu, landType });
  const land = useLookup(getLandPriceCall, { pnu: parcel });
  const house = useLookup(getHousePriceCall, { pnu: parcel });
  const latest = land.shown?.answer.list.at(-1);
  const latestHouse = house.shown?.answer.list.at(-1);

  const openLand = () => {
    const shown = land.shown;
    if (!shown) return;
    modal.open((close) => (
      <PriceHistoryPopup
        title={t`Official land price history`}
        valueLabel={t`Won per ㎡`}
        rows={shown.answer.list.map((r) => ({ year: r.stdrYear, won: r.pblntfPclnd }))}
        answer={shown.answer}
        fromDevice={shown.fromDevice}
        close={close}
      />
    ));
  };
  const openHouse = () => {
    const shown = house.shown;
    if (!shown) return;
    modal.open((close) => (
      <PriceHistoryPopup
        title={t`Detached house price history`}
        valueLabel={t`Won`}
        rows={shown.answer.list.map((r) => ({ year: r.stdrYear, won: r.housePc }))}
        answer={shown.answer}
        fromDevice={shown.fromDevice}
        close={close}
      />
    ));
  };

  return (
    <div className="lookup-tab" data-testid="price-tab">
      <fieldset className="lookup-land-type">
        <legend>{t`Land type`}</legend>
        <label>
          <input type="radio" name="land-type" checked={landType === 1} onChange={() => setLandType(1)} />{' '}
          {t`General`}
        </label>
        <label>
          <input type="radio" name="land-type" checked={landType === 2} onChange={() => setLandType(2)} />{' '}
          {t`Mountain`}
        </label>
      </fieldset>
      <section className="lookup-block">
        <h3 className="section-title">{t`Official land price`}</h3>
        {land.shown ? (
          <>
            <LookupSourceNote answer={land.shown.answer} fromDevice={land.shown.fromDevice} />
            <p data-testid="land-latest">
              {latest ? `${latest.stdrYear}: ${tableWon(latest.pblntfPclnd)} ${t`won per ㎡`}` : '-'}
            </p>
            <button type="button" className="button" onClick={openLand} data-testid="open-land-history">
              {t`Land price history`}
            </button>
          </>
        ) : (
          <LookupPending state={land} />
        )}
      </section>
      <section className="lookup-block">
        <h3 className="section-title">{t`Detached house price`}</h3>
        {house.shown ? (
          <>
            <p>{latestHouse ? `${latestHouse.stdrYear}: ${tableWon(latestHouse.housePc)} ${t`won`}` : '-'}</p>
            <button type="button" className="button" onClick={openHouse}>
              {t`House price history`}
            </button>
          </>
        ) : (
          <LookupPending state={house} />
        )}
      </section>
      <ApartPriceSection pnu={parcel} />
      <OfficetelSection pnu={parcel} />
    </div>
  );
}
