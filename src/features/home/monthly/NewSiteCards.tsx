import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { SiteListItem } from '../../../../sync/api/site-lists.api.ts';
import { sitePriceRows } from '../../../../sync/sites/detail.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { BuildingIcon, PlaceIcon } from '../../../ui/icons.ts';
import { shortPrice } from '../../map/labels.ts';
import { transCodeLabels } from '../../sites/common/labels.ts';
import { shortPlace } from './place.ts';

/**
 * This month's new sites as cards (picture, kind, name, headline price, place) in a row the
 * thumb scrolls sideways, as the big property apps show new listings. From the home's data, so
 * the device's last copy shows them offline too (a picture not kept shows the placeholder).
 */
export function NewSiteCards({ sites }: { sites: readonly SiteListItem[] }) {
  const { t } = useLingui();
  if (sites.length === 0) {
    return <p className="muted">{t`No new sites this month yet.`}</p>;
  }
  return (
    <ul className="new-sites" aria-label={t`Newest sites`}>
      {sites.map((site) => (
        <li key={site.f_idx}>
          <NewSiteCard site={site} />
        </li>
      ))}
    </ul>
  );
}

function NewSiteCard({ site }: { site: SiteListItem }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const [pictureFailed, setPictureFailed] = useState(false);
  const headline = sitePriceRows(site)[0];
  const short = (n: number) => shortPrice(n, locale);
  const price = !headline
    ? null
    : headline.inquire && headline.min === 0
      ? t`Price on inquiry`
      : headline.type === 3
        ? `${short(headline.min)}/${short(headline.secondMin)}`
        : headline.max > headline.min
          ? `${short(headline.min)}~${short(headline.max)}`
          : short(headline.min);
  return (
    <Link to="/SiteDetail" search={{ site_idx: site.f_idx } as never} className="new-site-card">
      <span className="new-site-card__picture">
        {site.f_image_url && !pictureFailed ? (
          <img src={site.f_image_url} alt="" loading="lazy" onError={() => setPictureFailed(true)} />
        ) : (
          <Icon data={BuildingIcon} size={32} />
        )}
        <span className={`badge new-site-card__kind ${site.f_site_type === 'O' ? 'badge--ok' : ''}`}>
          {site.f_site_type === 'O' ? t`New open` : t`General`}
        </span>
      </span>
      <strong className="new-site-card__name">{site.f_name}</strong>
      {headline && price ? (
        <span className="new-site-card__price">
          {i18n._(transCodeLabels[headline.type])} {price}
        </span>
      ) : null}
      <span className="new-site-card__place muted">
        <Icon data={PlaceIcon} size={14} />
        {shortPlace(site.f_address1)}
      </span>
    </Link>
  );
}
