import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { getApartPriceCall } from '../../../sync/api/public-data.api.ts';
import { useModal } from '../../ui/modal.tsx';
import { LookupPending } from './LookupStatus.tsx';
import { PriceHistoryPopup } from './PriceHistoryPopup.tsx';
import { useLookup } from './useLookup.ts';

const unique = (names: string[]) => [...new Set(names)];

/**
 * Apartment/villa prices: complex, dong and ho cascade (a change resets the lower levels);
 * the history needs all three (spec §5).
 */
export function ApartPriceSection({ pnu }: { pnu: string }) {
  const { t } = useLingui();
  const modal = useModal();
  const [asked, setAsked] = useState(false);
  const prices = useLookup(getApartPriceCall, asked ? { pnu } : null);
  const [complex, setComplex] = useState('');
  const [dong, setDong] = useState<string | null>(null);
  const [ho, setHo] = useState('');
  const list = prices.shown?.answer.list ?? [];
  const complexes = useMemo(() => unique(list.map((r) => r.aphusNm)), [list]);
  const dongs = unique(list.filter((r) => r.aphusNm === complex).map((r) => r.dongNm));
  const hos = unique(list.filter((r) => r.aphusNm === complex && r.dongNm === dong).map((r) => r.hoNm));
  const dongName = (name: string) => name || t`No dong name`;

  const openHistory = () => {
    const shown = prices.shown;
    if (!shown || !complex || dong === null || !ho) return;
    const rows = list.filter((r) => r.aphusNm === complex && r.dongNm === dong && r.hoNm === ho);
    modal.open((close) => (
      <PriceHistoryPopup
        title={`${t`Apartment/villa price history`} · ${complex} ${dongName(dong)} ${ho}`}
        valueLabel={t`Won`}
        rows={rows.map((r) => ({ year: r.stdrYear, won: r.pblntfPc }))}
        answer={shown.answer}
        fromDevice={shown.fromDevice}
        close={close}
      />
    ));
  };

  return (
    <section className="lookup-block">
      <h3 className="section-title">{t`Apartment/villa price`}</h3>
      {!asked ? (
        <button type="button" className="button" onClick={() => setAsked(true)}>
          {t`Look up apartment/villa prices`}
        </button>
      ) : !prices.shown ? (
        <LookupPending state={prices} />
      ) : (
        <>
          <div className="lookup-selects">
            <label>
              <span>{t`Complex`}</span>
              <select
                value={complex}
                onChange={(e) => {
                  setComplex(e.target.value);
                  setDong(null);
                  setHo('');
                }}
              >
                <option value="">{t`Choose`}</option>
                {complexes.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t`Dong`}</span>
              <select
                value={dong === null ? '\u0000' : dong}
                disabled={!complex}
                onChange={(e) => {
                  setDong(e.target.value === '\u0000' ? null : e.target.value);
                  setHo('');
                }}
              >
                <option value={'\u0000'}>{t`Choose`}</option>
                {dongs.map((d) => (
                  <option key={d} value={d}>
                    {dongName(d)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t`Unit`}</span>
              <select value={ho} disabled={dong === null} onChange={(e) => setHo(e.target.value)}>
                <option value="">{t`Choose`}</option>
                {hos.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <button
            type="button"
            className="button"
            disabled={!complex || dong === null || !ho}
            onClick={openHistory}
          >
            {t`Apartment/villa price history`}
          </button>
        </>
      )}
    </section>
  );
}
