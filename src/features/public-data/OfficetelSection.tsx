import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { getOfficetelLevelCall, getOfficetelPriceCall } from '../../../sync/api/public-data.api.ts';
import { useCallFailure } from '../../api/useCall.ts';
import { useModal } from '../../ui/modal.tsx';
import { keptCall, NotKeptError } from './kept-lookups.ts';
import { PriceHistoryPopup } from './PriceHistoryPopup.tsx';
import { tableWon } from './price-format.ts';
import { useLookup } from './useLookup.ts';

type Level = 1 | 2 | 3 | 4;

/** The names of one officetel level under the chosen upper ones ([] until they are chosen). */
function useLevel({ pnu, level, upper }: { pnu: string; level: Level; upper: string[] | null }) {
  const fail = useCallFailure();
  const [names, setNames] = useState<string[]>([]);
  const key = upper === null ? null : JSON.stringify(upper);
  useEffect(() => {
    setNames([]);
    if (key === null) return;
    const [buildnum, dong, floor] = JSON.parse(key) as string[];
    let live = true;
    keptCall({
      call: getOfficetelLevelCall,
      input: {
        pnu,
        level,
        ...(buildnum !== undefined ? { buildnum } : {}),
        ...(dong !== undefined ? { dong } : {}),
        ...(floor !== undefined ? { floor } : {}),
      },
    }).then(
      ({ data }) => live && setNames(data.list),
      (err: unknown) => {
        if (live && !(err instanceof NotKeptError)) fail(err);
      },
    );
    return () => {
      live = false;
    };
  }, [pnu, level, key, fail]);
  return names;
}

/**
 * Officetel standard price (spec §4 levels 1 to 4, then the price): building, dong, floor and
 * ho cascade, a change resetting the levels below; the value is per-㎡ price × (exclusive +
 * shared area). The data is the yearly file admins imported.
 */
export function OfficetelSection({ pnu }: { pnu: string }) {
  const { t } = useLingui();
  const modal = useModal();
  // The names chosen so far, level by level; '' is a real name (a building without a dong name).
  const [chosen, setChosen] = useState<string[]>([]);
  const [buildnum, dong, floor, ho] = chosen;
  const upTo = (n: number) => (chosen.length >= n ? chosen.slice(0, n) : null);
  const levels = [
    useLevel({ pnu, level: 1, upper: [] }),
    useLevel({ pnu, level: 2, upper: upTo(1) }),
    useLevel({ pnu, level: 3, upper: upTo(2) }),
    useLevel({ pnu, level: 4, upper: upTo(3) }),
  ];
  const price = useLookup(
    getOfficetelPriceCall,
    buildnum !== undefined && dong !== undefined && floor !== undefined && ho !== undefined
      ? { pnu, buildnum, dong, floor, ho }
      : null,
  );
  const labels = [t`Building number`, t`Dong`, t`Floor`, t`Unit`];
  // Option values carry a prefix so an empty name stays apart from "Choose" (value '').
  const choose = (index: number, value: string) =>
    setChosen(value === '' ? chosen.slice(0, index) : [...chosen.slice(0, index), value.slice(1)]);
  const nameOf = (n: string) => n || t`No dong name`;
  const latest = price.shown?.answer.list.at(-1);

  if (levels[0]?.length === 0) return null;
  const openHistory = () => {
    const shown = price.shown;
    if (!shown) return;
    modal.open((close) => (
      <PriceHistoryPopup
        title={`${t`Officetel standard price history`} · ${dong ? `${dong} ` : ''}${ho ?? ''}`}
        valueLabel={t`Won`}
        rows={shown.answer.list.map((r) => ({ year: r.f_year, won: r.value }))}
        answer={shown.answer}
        fromDevice={shown.fromDevice}
        close={close}
      />
    ));
  };
  return (
    <section className="lookup-block" data-testid="officetel-section">
      <h3 className="section-title">{t`Officetel standard price`}</h3>
      <div className="lookup-selects lookup-selects--four">
        {levels.map((names, i) => (
          <label key={labels[i]}>
            <span>{labels[i]}</span>
            <select
              value={chosen[i] === undefined ? '' : `=${chosen[i]}`}
              disabled={names.length === 0}
              onChange={(e) => choose(i, e.target.value)}
            >
              <option value="">{t`Choose`}</option>
              {names.map((n) => (
                <option key={n} value={`=${n}`}>
                  {nameOf(n)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {latest ? (
        <>
          <p>{`${latest.f_year}: ${tableWon(latest.value)} ${t`won`}`}</p>
          <button type="button" className="button" onClick={openHistory}>
            {t`Officetel standard price history`}
          </button>
        </>
      ) : null}
    </section>
  );
}
