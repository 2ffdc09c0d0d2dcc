import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { SiteDetail, SiteDetailCommon } from '../../../../sync/api/site-detail.api.ts';
import { feeTypes, parseList, roomLabel } from '../../../../sync/sites/rules.ts';
import { dashIfBlank, formatArea, formatDay, formatManwon, formatNumber } from '../../../lib/format.ts';
import { feeLabels, maemulLabels } from '../../map/labels.ts';

const parkingLabels: readonly MessageDescriptor[] = [
  msg`In-line parking`,
  msg`Double parking`,
  msg`Mechanical parking`,
  msg`No parking`,
];
const elevatorLabels: Record<string, MessageDescriptor> = { Y: msg`Yes`, N: msg`No`, U: msg`Unknown` };
const hitLabels: Record<number, MessageDescriptor> = { 0: msg`single`, 1: msg`double` };

/** The site's particulars (spec §3 Site): types, counts, rooms, areas, parking, fees, dates, notes. */
export function SiteFacts({
  site,
  rooms,
  notify,
}: {
  site: SiteDetailCommon;
  rooms: SiteDetail['room_list'];
  notify: SiteDetail['recent_notify_info'];
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const maemul = parseList(site.f_maemul_type)
    .map((code) => maemulLabels[Number(code)])
    .filter((m): m is MessageDescriptor => m !== undefined)
    .map((m) => i18n._(m));
  const parking = parkingLabels[Number(site.f_parking_type)];
  const fees = parseList(site.f_fee_type).filter((f): f is (typeof feeTypes)[number] =>
    (feeTypes as readonly string[]).includes(f),
  );
  return (
    <section className="detail-section" aria-label={t`Details`}>
      <h2 className="section-title">
        <Trans>Details</Trans>
      </h2>
      <dl className="facts">
        <dt>{t`Property type`}</dt>
        <dd>{maemul.join(', ') || '-'}</dd>
        {site.f_site_type === 'O' ? (
          <>
            <dt>{t`Buildings / units`}</dt>
            <dd>
              {dashIfBlank(site.f_dong_count, (n) => formatNumber(Number(n)))} /{' '}
              {dashIfBlank(site.f_house_count, (n) => formatNumber(Number(n)))}
            </dd>
          </>
        ) : (
          <>
            <dt>{t`Rooms / toilets`}</dt>
            <dd>
              {roomLabel(site.f_room_num)} / {dashIfBlank(site.f_toilet_num)}
            </dd>
          </>
        )}
        <dt>{t`Area types`}</dt>
        <dd>
          {rooms.length === 0
            ? '-'
            : rooms.map((r) => (
                <div key={`${r.f_room}-${r.f_area}-${r.f_exclusive_size}-${r.f_real_size}`}>
                  {formatArea(r.f_area === 'R' ? r.f_real_size : r.f_exclusive_size)} ·{' '}
                  {t`${roomLabel(r.f_room)} rooms`}
                </div>
              ))}
        </dd>
        <dt>{t`Parking`}</dt>
        <dd>{parking ? i18n._(parking) : '-'}</dd>
        <dt>{t`Elevator`}</dt>
        <dd>{i18n._(elevatorLabels[site.f_elevator] ?? elevatorLabels.U ?? msg`Unknown`)}</dd>
        <dt>{t`Open date`}</dt>
        <dd>{formatDay(site.f_open_date, locale)}</dd>
        <dt>{t`Fees`}</dt>
        <dd>
          {fees.length === 0
            ? '-'
            : fees.map((fee) => {
                const key = fee.toLowerCase() as 't' | 'c' | 'i' | 's' | 'o';
                const inquire = site[`f_fee_site_inquire_${key}`] === 'Y';
                const hit = hitLabels[site[`f_fee_${key}_hit`]];
                return (
                  <div key={fee}>
                    {i18n._(feeLabels[fee])}{' '}
                    {inquire ? t`on inquiry` : formatManwon(site[`f_fee_${key}`] * 100, locale)}
                    {hit ? ` (${i18n._(hit)})` : ''}
                  </div>
                );
              })}
        </dd>
        {site.f_memo ? (
          <>
            <dt>{t`Notes`}</dt>
            <dd className="pre-wrap">{site.f_memo}</dd>
          </>
        ) : null}
        {notify ? (
          <>
            <dt>{t`Last notification`}</dt>
            <dd>
              {notify.f_recent_noti_ago_date === 0 ? (
                t`Today`
              ) : (
                <Plural value={notify.f_recent_noti_ago_date} one="# day ago" other="# days ago" />
              )}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
