import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SiteListItem } from '../../../../sync/api/site-lists.api.ts';
import { sitePriceRows } from '../../../../sync/sites/detail.ts';
import { ExpiryBadge } from './ExpiryBadge.tsx';
import { transCodeLabels } from './labels.ts';
import { MonthlyRentText, PriceText } from './PriceText.tsx';
import { WaitingBadge } from './waiting-sites.tsx';

/** A site in the member's lists: kind, state, name, address, prices, days before hiding, and actions. */
export function SiteListRow({
  site,
  onOpen,
  actions,
  waiting = false,
}: {
  site: SiteListItem;
  /** The device's copy has changes not yet synced. */
  waiting?: boolean;
  onOpen: (idx: number) => void;
  actions?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const prices = sitePriceRows(site);
  return (
    <li className="site-item" data-site-idx={site.f_idx}>
      <button type="button" className="site-item__main" onClick={() => onOpen(site.f_idx)}>
        <span className="site-item__head">
          <span className={`badge ${site.f_site_type === 'O' ? 'badge--ok' : ''}`}>
            {site.f_site_type === 'O' ? t`New open` : site.f_site_type === 'G' ? t`General` : t`Unregistered`}
          </span>
          {site.f_complete === 'Y' ? (
            <span className="badge badge--danger">
              <Trans>Completed</Trans>
            </span>
          ) : null}
          {site.f_hidden === 'Y' && site.f_site_type !== 'G' ? (
            <span className="badge">
              <Trans>Hidden</Trans>
            </span>
          ) : null}
          {waiting ? <WaitingBadge /> : null}
          <ExpiryBadge
            siteType={site.f_site_type}
            hidden={site.f_hidden}
            days={site.f_remain_days_till_hide}
          />
        </span>
        <strong className="site-item__name">{site.f_name}</strong>
        <span className="site-item__address muted">
          {[site.f_address1, site.f_address2].filter(Boolean).join(' ')}
        </span>
        {prices.length > 0 ? (
          <span className="site-item__prices">
            {prices.map((p) => (
              <span key={p.type}>
                {i18n._(transCodeLabels[p.type])}{' '}
                {p.type === 3 ? (
                  <MonthlyRentText
                    deposit={[p.min, p.max]}
                    rent={[p.secondMin, p.secondMax]}
                    inquire={p.inquire}
                  />
                ) : (
                  <PriceText min={p.min} max={p.max} inquire={p.inquire} />
                )}
              </span>
            ))}
          </span>
        ) : null}
      </button>
      {actions ? <div className="site-item__actions">{actions}</div> : null}
    </li>
  );
}
