import { Trans, useLingui } from '@lingui/react/macro';
import { formatArea, formatManwon } from '../../lib/format.ts';

interface SampleTrade {
  month: string;
  area: number;
  floor: number;
  manwon: number;
}

/**
 * Actual transaction prices: the product shows sample data here (spec §2; the provider call
 * exists but is not used), derived from the parcel number so a site always shows the same rows.
 */
function sampleTrades(pnu: string): SampleTrade[] {
  const seed = Number(pnu.slice(-6)) || 1;
  return Array.from({ length: 6 }, (_, i) => {
    const area = 49 + ((seed + i * 7) % 36);
    return {
      month: `2025-${String(12 - i * 2).padStart(2, '0')}`,
      area,
      floor: 2 + ((seed + i) % 12),
      manwon: Math.round((area * (620 + ((seed * (i + 3)) % 180))) / 100) * 100,
    };
  });
}

export function TradeTab({ pnu }: { pnu: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  return (
    <div className="lookup-tab" data-testid="trade-tab">
      <p className="lookup-note muted">
        <span className="badge badge--warn" data-testid="sample-data">
          <Trans>Sample data</Trans>
        </span>
      </p>
      <table className="table">
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
          {sampleTrades(pnu).map((r) => (
            <tr key={r.month}>
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
