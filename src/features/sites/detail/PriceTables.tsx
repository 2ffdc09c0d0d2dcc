import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { SiteDetailCommon, SiteDetailHo } from '../../../../sync/api/site-detail.api.ts';
import { sitePriceRows, unitPriceRows } from '../../../../sync/sites/detail.ts';
import { roomLabel } from '../../../../sync/sites/rules.ts';
import { formatArea, formatNumber } from '../../../lib/format.ts';
import { secondPriceLabels, transCodeLabels } from '../common/labels.ts';
import { MonthlyRentText, PriceText } from '../common/PriceText.tsx';

/**
 * Spec §2 price tables: the site's ranges per transaction type, and for new-open sites the
 * unit prices by unit type. Completed units and completed sites are left out (spec §4).
 */
export function PriceTables({ site, units }: { site: SiteDetailCommon; units: SiteDetailHo[] }) {
  const { t, i18n } = useLingui();
  const siteRows = sitePriceRows(site);
  const unitRows = useMemo(() => unitPriceRows(units), [units]);
  return (
    <section className="detail-section" aria-label={t`Prices`}>
      <h2 className="section-title">
        <Trans>Prices</Trans>
      </h2>
      {site.f_complete === 'Y' ? (
        <p className="masked" data-testid="prices-completed">
          <Trans>Sold out: prices are no longer shown.</Trans>
        </p>
      ) : siteRows.length === 0 ? (
        <p className="muted">-</p>
      ) : (
        <table className="price-table" data-testid="site-prices">
          <tbody>
            {siteRows.map((row) => {
              const second = secondPriceLabels[row.type];
              return (
                <tr key={row.type}>
                  <th scope="row">{i18n._(transCodeLabels[row.type])}</th>
                  <td>
                    {row.type === 3 ? (
                      <MonthlyRentText
                        deposit={[row.min, row.max]}
                        rent={[row.secondMin, row.secondMax]}
                        inquire={row.inquire}
                      />
                    ) : (
                      <PriceText min={row.min} max={row.max} inquire={row.inquire} />
                    )}
                    {second && row.type !== 3 && !row.inquire && (row.secondMin > 0 || row.secondMax > 0) ? (
                      <span className="muted">
                        {' · '}
                        {i18n._(second)} <PriceText min={row.secondMin} max={row.secondMax} />
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {site.f_site_type === 'O' && unitRows.length > 0 && site.f_complete !== 'Y' ? (
        <div className="table-scroll">
          <table className="price-table" data-testid="unit-prices">
            <caption>
              <Trans>Unit prices by type (sold-out units excluded)</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">{t`Type`}</th>
                <th scope="col">{t`On sale`}</th>
                <th scope="col">{t`Price`}</th>
              </tr>
            </thead>
            <tbody>
              {unitRows.map((row) => (
                <tr key={`${row.exclusiveSize}-${row.room}`}>
                  <th scope="row">
                    {formatArea(row.exclusiveSize)}
                    <span className="muted"> · {t`${roomLabel(row.room)} rooms`}</span>
                  </th>
                  <td className="price-table__count">
                    {formatNumber(row.available)} / {formatNumber(row.total)}
                  </td>
                  <td>
                    {row.prices.length === 0
                      ? '-'
                      : row.prices.map((p) => (
                          <div key={p.type}>
                            {i18n._(transCodeLabels[p.type])}{' '}
                            {p.type === 3 ? (
                              <MonthlyRentText
                                deposit={[p.min, p.max]}
                                rent={[p.rentMin ?? 0, p.rentMax ?? 0]}
                                inquire={p.inquire}
                              />
                            ) : (
                              <PriceText min={p.min} max={p.max} inquire={p.inquire} />
                            )}
                          </div>
                        ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
