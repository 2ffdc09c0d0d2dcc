import { Trans, useLingui } from '@lingui/react/macro';
import type { SiteDetail, SiteDetailCommon } from '../../../../sync/api/site-detail.api.ts';
import { ExpiryBadge } from '../common/ExpiryBadge.tsx';

/** Kind, state, name, address and group; the site id for admins (spec §6). */
export function SiteSummary({ site, detail }: { site: SiteDetailCommon; detail: SiteDetail }) {
  const { t } = useLingui();
  return (
    <section className="detail-summary">
      <div className="row wrap">
        <span className={`badge ${site.f_site_type === 'O' ? 'badge--ok' : ''}`}>
          {site.f_site_type === 'O' ? t`New open` : site.f_site_type === 'G' ? t`General` : t`Unregistered`}
        </span>
        {site.f_complete === 'Y' ? (
          <span className="badge badge--danger" data-testid="site-completed">
            <Trans>Completed</Trans>
          </span>
        ) : null}
        <ExpiryBadge siteType={site.f_site_type} hidden={site.f_hidden} days={site.f_remain_days_till_hide} />
        {detail.permissions.admin ? <span className="badge">{t`Site no. ${site.f_idx}`}</span> : null}
      </div>
      <h2 className="detail-summary__name">{site.f_name}</h2>
      <p className="muted detail-summary__address">
        {[site.f_address1, site.f_address2].filter(Boolean).join(' ') || '-'}
      </p>
      {site.f_group_name ? <p className="muted">{t`Shared to ${site.f_group_name}`}</p> : null}
    </section>
  );
}
