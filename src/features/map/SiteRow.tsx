import { Trans, useLingui } from '@lingui/react/macro';
import type { MapSite, TransLetter } from '../../../sync/map/query.ts';
import { formatMonthlyRent, formatPriceRange } from '../../lib/format.ts';
import { Icon } from '../../ui/Icon.tsx';
import { HeartIcon } from '../../ui/icons.ts';
import { WaitingBadge } from '../sites/common/waiting-sites.tsx';
import { transLabels } from './labels.ts';

const prices: ReadonlyArray<{
  code: string;
  letter: TransLetter;
  min: keyof MapSite;
  max: keyof MapSite;
  inquire: keyof MapSite;
}> = [
  {
    code: '0',
    letter: 'T',
    min: 'f_sale_price_min',
    max: 'f_sale_price_max',
    inquire: 'f_site_inquire_sale',
  },
  {
    code: '1',
    letter: 'C',
    min: 'f_charter_price_min',
    max: 'f_charter_price_max',
    inquire: 'f_site_inquire_charter',
  },
  {
    code: '2',
    letter: 'I',
    min: 'f_invest_price_min',
    max: 'f_invest_price_max',
    inquire: 'f_site_inquire_invest',
  },
  {
    code: '3',
    letter: 'M',
    min: 'f_monthly_deposit_min',
    max: 'f_monthly_deposit_max',
    inquire: 'f_site_inquire_monthly',
  },
];

/** One list row: kind, name, address and the price range of each transaction type. */
export function SiteRow({
  site,
  onOpen,
  waiting = false,
}: {
  site: MapSite;
  onOpen: (idx: number) => void;
  /** The device's copy has changes not yet synced. */
  waiting?: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const types = site.f_transaction_type.split(',');
  const range = (p: (typeof prices)[number]) =>
    p.letter === 'M'
      ? formatMonthlyRent(
          {
            depositMin: site.f_monthly_deposit_min,
            depositMax: site.f_monthly_deposit_max,
            rentMin: site.f_monthly_rent_min,
            rentMax: site.f_monthly_rent_max,
          },
          locale,
        )
      : formatPriceRange(site[p.min] as number, site[p.max] as number, locale);
  return (
    <li>
      <button type="button" className="site-row" onClick={() => onOpen(site.f_idx)}>
        <span className="site-row__head">
          <span className={`badge ${site.f_site_type === 'O' ? 'badge--ok' : ''}`}>
            {site.f_site_type === 'O' ? t`New open` : t`General`}
          </span>
          {site.f_complete === 'Y' ? (
            <span className="badge badge--danger">
              <Trans>Completed</Trans>
            </span>
          ) : null}
          {waiting ? <WaitingBadge /> : null}
          <strong className="site-row__name">{site.f_name}</strong>
          {site.f_like === 'Y' ? (
            <Icon
              data={HeartIcon}
              size={16}
              fill="currentColor"
              className="site-row__like"
              role="img"
              aria-hidden={false}
              aria-label={t`Favourite`}
            />
          ) : null}
        </span>
        <span className="site-row__address muted">
          {[site.f_address1, site.f_address2].filter(Boolean).join(' ')}
        </span>
        {site.f_complete === 'N' ? (
          <span className="site-row__prices">
            {prices
              .filter((p) => types.includes(p.code))
              .map((p) => (
                <span key={p.code}>
                  {i18n._(transLabels[p.letter])} {site[p.inquire] === 'Y' ? t`Price on inquiry` : range(p)}
                </span>
              ))}
          </span>
        ) : null}
      </button>
    </li>
  );
}
