import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import {
  getBuildingTitleCall,
  getExposedAreaCall,
  getFloorOutlineCall,
} from '../../../sync/api/public-data.api.ts';
import { dashIfBlank, formatArea, formatNumber } from '../../lib/format.ts';
import { LookupPending, LookupSourceNote } from './LookupStatus.tsx';
import { useLookup } from './useLookup.ts';

const floorKey = (f: { flrGbCdNm: string; flrNo: number }) => `${f.flrGbCdNm}${f.flrNo}`;

/**
 * Building register tab (spec §4 opening chain: title, floor outline, exposed area). Building,
 * floor and ho selectors cascade: choosing a building resets floor and ho, a floor resets ho.
 */
export function BuildingTab({ pnu }: { pnu: string }) {
  const { t } = useLingui();
  const titles = useLookup(getBuildingTitleCall, { pnu });
  const floors = useLookup(getFloorOutlineCall, titles.shown ? { pnu } : null);
  const areas = useLookup(getExposedAreaCall, titles.shown ? { pnu } : null);
  const [building, setBuilding] = useState(0);
  const [floor, setFloor] = useState<string>('');
  const [ho, setHo] = useState<string>('');
  const dongName = (name: string) => name || t`No dong name`;

  const title = titles.shown?.answer.list[building];
  const dongFloors = useMemo(
    () => (floors.shown?.answer.list ?? []).filter((f) => f.dongNm === (title?.dongNm ?? '')),
    [floors.shown, title],
  );
  const chosenFloor = dongFloors.find((f) => floorKey(f) === floor);
  const floorUnits = useMemo(
    () =>
      (areas.shown?.answer.list ?? []).filter(
        (a) => a.dongNm === (title?.dongNm ?? '') && floorKey(a) === floor,
      ),
    [areas.shown, title, floor],
  );
  const hoNames = [...new Set(floorUnits.map((a) => a.hoNm))];
  const hoParts = floorUnits.filter((a) => a.hoNm === ho);

  if (!titles.shown) return <LookupPending state={titles} />;
  const list = titles.shown.answer.list;
  return (
    <div className="lookup-tab" data-testid="building-tab">
      <LookupSourceNote answer={titles.shown.answer} fromDevice={titles.shown.fromDevice} />
      <div className="lookup-selects">
        <label>
          <span>{t`Building`}</span>
          <select
            value={building}
            onChange={(e) => {
              setBuilding(Number(e.target.value));
              setFloor('');
              setHo('');
            }}
          >
            {list.map((b, i) => (
              <option key={b.mgmBldrgstPk || i} value={i}>
                {dongName(b.dongNm)} {b.bldNm}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t`Floor`}</span>
          <select
            value={floor}
            onChange={(e) => {
              setFloor(e.target.value);
              setHo('');
            }}
            disabled={dongFloors.length === 0}
          >
            <option value="">{t`Choose`}</option>
            {dongFloors.map((f) => (
              <option key={floorKey(f)} value={floorKey(f)}>
                {f.flrNoNm || `${f.flrGbCdNm} ${f.flrNo}`}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t`Unit`}</span>
          <select value={ho} onChange={(e) => setHo(e.target.value)} disabled={hoNames.length === 0}>
            <option value="">{t`Choose`}</option>
            {hoNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {title ? (
        <dl className="lookup-facts" data-testid="building-title">
          <dt>{t`Building name`}</dt>
          <dd>{dashIfBlank(title.bldNm)}</dd>
          <dt>{t`Dong`}</dt>
          <dd>{dongName(title.dongNm)}</dd>
          <dt>{t`Approved for use`}</dt>
          <dd>
            {dashIfBlank(title.useAprDay, (d) => String(d).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3'))}
          </dd>
          <dt>{t`Main use`}</dt>
          <dd>{dashIfBlank(title.mainPurpsCdNm)}</dd>
          <dt>{t`Structure`}</dt>
          <dd>{dashIfBlank(title.strctCdNm)}</dd>
          <dt>{t`Floors above / below ground`}</dt>
          <dd>
            {dashIfBlank(title.grndFlrCnt)} / {dashIfBlank(title.ugrndFlrCnt)}
          </dd>
          <dt>{t`Households / units / families`}</dt>
          <dd>
            {dashIfBlank(title.hhldCnt)} / {dashIfBlank(title.hoCnt)} / {dashIfBlank(title.fmlyCnt)}
          </dd>
          <dt>{t`Parking spaces`}</dt>
          <dd>{dashIfBlank(title.parkingCnt, (n) => formatNumber(Number(n)))}</dd>
          <dt>{t`Elevators (passenger / emergency)`}</dt>
          <dd>
            {dashIfBlank(title.rideUseElvtCnt)} / {dashIfBlank(title.emgenUseElvtCnt)}
          </dd>
          <dt>{t`Total floor area`}</dt>
          <dd>{dashIfBlank(title.totArea, (n) => formatArea(Number(n)))}</dd>
        </dl>
      ) : null}
      {chosenFloor ? (
        <p data-testid="floor-outline">
          {chosenFloor.flrNoNm}: {dashIfBlank(chosenFloor.mainPurpsCdNm)} {chosenFloor.etcPurps}{' '}
          {dashIfBlank(chosenFloor.area, (n) => formatArea(Number(n)))}
        </p>
      ) : null}
      {hoParts.length > 0 ? (
        <table className="table" data-testid="exposed-area">
          <caption className="sr-only">{t`Exclusive and common areas`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Part`}</th>
              <th scope="col">{t`Use`}</th>
              <th scope="col">{t`Area`}</th>
            </tr>
          </thead>
          <tbody>
            {hoParts.map((p) => (
              <tr key={`${p.exposPubuseGbCdNm}${p.mainPurpsCdNm}${p.area}`}>
                <td>{p.exposPubuseGbCdNm}</td>
                <td>{dashIfBlank(p.mainPurpsCdNm)}</td>
                <td>{dashIfBlank(p.area, (n) => formatArea(Number(n)))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {floors.needsNetwork || areas.needsNetwork ? (
        <p className="muted">
          <Trans>Floors and units need a network connection the first time.</Trans>
        </p>
      ) : null}
    </div>
  );
}
