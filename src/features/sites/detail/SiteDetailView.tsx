import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { SiteDetail, SiteDetailCommon, SiteDetailHo } from '../../../../sync/api/site-detail.api.ts';
import { isLocalSiteIdx } from '../../../../sync/sites/local-site.ts';
// Notifications: the site's list.
import { SiteNotifyLink } from '../../notify/SiteNotifyLink.tsx';
// Nearby facilities map (spec §2 Modals), under the location map.
import { NearbyFacilitiesButton } from '../../public-data/NearbyFacilitiesButton.tsx';
import { TransferHistory } from '../transfer/TransferHistory.tsx';
import { ContactList } from './ContactList.tsx';
import { DetailActions } from './DetailActions.tsx';
import { ManageBar } from './ManageBar.tsx';
import { MemoSection } from './MemoSection.tsx';
import { PhotoStrip } from './PhotoStrip.tsx';
import { PriceTables } from './PriceTables.tsx';
import { SiteFacts } from './SiteFacts.tsx';
import { SiteSummary } from './SiteSummary.tsx';
import { UnitGrid } from './UnitGrid.tsx';

// OpenLayers is large: the location map loads only with the detail that shows it.
const LocationMap = lazy(() => import('./LocationMap.tsx'));

/**
 * The site detail's sections. Actions taken here (like, complete, hide, extend, unit
 * completion) change the screen at once; the server's answer or the next pull confirms them.
 */
export function SiteDetailView({
  detail,
  fromDevice,
  waiting = false,
}: {
  detail: SiteDetail;
  fromDevice: boolean;
  /** The member's changes to the site are shown and still on their way to the server. */
  waiting?: boolean;
}) {
  const { t } = useLingui();
  const [patch, setPatch] = useState<Partial<SiteDetailCommon>>({});
  const [units, setUnits] = useState<SiteDetailHo[]>(detail.ho_list);
  const site: SiteDetailCommon = { ...detail.common, ...patch };
  const onPatch = (p: Partial<SiteDetailCommon>) => setPatch((prev) => ({ ...prev, ...p }));
  const onUnitsCompleted = (completed: ReadonlySet<number>) =>
    setUnits((list) => list.map((u) => ({ ...u, f_complete: completed.has(u.f_idx) ? 'Y' : 'N' })));

  return (
    <>
      {fromDevice ? (
        <p className="banner banner--warn" data-testid="from-device">
          <Trans>No network: this is the copy saved on this device and may be out of date.</Trans>
        </p>
      ) : null}
      {waiting ? (
        <p className="banner banner--info" data-testid="waiting-changes">
          <Trans>Your changes are shown and waiting to sync.</Trans>
        </p>
      ) : null}
      {detail.isDeleted ? (
        <p className="banner banner--warn">
          <Trans>This site is deleted. Only admins see it.</Trans>
        </p>
      ) : null}
      {site.f_hidden === 'Y' ? (
        <p className="banner banner--warn" data-testid="hidden-banner">
          <Trans>This site is hidden: other members do not see it.</Trans>
        </p>
      ) : null}
      <SiteSummary site={site} detail={detail} />
      {/* A site registered on this device has no server index yet: likes, shares and memos wait for it. */}
      {isLocalSiteIdx(site.f_idx) ? null : (
        <DetailActions
          site={site}
          permissions={detail.permissions}
          isGroupMember={detail.isGroupMember}
          fromDevice={fromDevice}
          onPatch={onPatch}
          onUnitsCompleted={onUnitsCompleted}
        />
      )}
      {detail.permissions.manage && !detail.isDeleted ? <ManageBar site={site} onPatch={onPatch} /> : null}
      <PhotoStrip title={t`Photos`} images={site.f_image_urls} testId="photos" />
      <PhotoStrip title={t`Inlay pictures`} images={site.f_inlay_image_url} testId="inlay" />
      <PriceTables site={site} units={units} />
      {site.f_site_type === 'O' ? (
        <UnitGrid
          dongs={detail.dong_list}
          units={units}
          report={detail.permissions.report ? { siteIdx: site.f_idx, siteName: site.f_name } : null}
        />
      ) : null}
      <ContactList contacts={detail.contact_list} />
      <SiteFacts site={site} rooms={detail.room_list} notify={detail.recent_notify_info} />
      {/* Notifications: the site's list (a site still waiting to sync has none). */}
      {isLocalSiteIdx(site.f_idx) ? null : <SiteNotifyLink siteIdx={site.f_idx} />}
      {isLocalSiteIdx(site.f_idx) ? null : (
        <MemoSection siteIdx={site.f_idx} memo={detail.memo} images={detail.memo_images} />
      )}
      {/* Admins see the site's transfers (spec §6); the server answers admins only. */}
      {detail.permissions.admin && !fromDevice ? <TransferHistory siteIdx={site.f_idx} /> : null}
      <section className="detail-section">
        <h2 className="section-title">
          <Trans>Location</Trans>
        </h2>
        {site.f_latitude !== null && site.f_longitude !== null ? (
          <Suspense fallback={<div className="location-map" />}>
            <LocationMap lat={site.f_latitude} lng={site.f_longitude} title={site.f_name} />
          </Suspense>
        ) : (
          <p className="muted">-</p>
        )}
        {/* Nearby facilities map (spec §2 Modals). */}
        {site.f_latitude !== null && site.f_longitude !== null ? (
          <NearbyFacilitiesButton site={{ lat: site.f_latitude, lng: site.f_longitude, name: site.f_name }} />
        ) : null}
      </section>
    </>
  );
}
