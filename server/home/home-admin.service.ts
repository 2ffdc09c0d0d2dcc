import type { HomeSetting } from '../../sync/api/home.api.ts';
import type { AdminAd } from '../../sync/api/home-admin.api.ts';
import type { AppInfo } from '../../sync/api/system.api.ts';
import { type AdConnectType, canonicalConnect, type HomeLinkType } from '../../sync/home/ads.ts';
import { type AppSettingName, canonicalSetting, isLockedSetting } from '../../sync/home/app-settings.ts';
import type { DbOrTx } from '../db/database.ts';
import { requireAdminLock } from '../http/access.ts';
import type { TxContext } from '../http/context.ts';
import { insertAudit } from '../members/members.repository.ts';
import { readPublicSettings, readSetting, writeSetting } from '../settings/settings.repository.ts';
import { homeMessages } from './home.messages.ts';
import { readAd, readAds, updateAd } from './home.repository.ts';
import { readHomeSetting, toAdminAd } from './home.service.ts';

/**
 * The admin info and ads tabs (spec §2 Admin screens, §3 App settings, Ad, Home setting). The
 * access (tab 5 info, tab 6 ads) is checked before these run; the values were checked by the
 * contract's schema (sync/home). Every change writes an admin_audit line with the old and the new
 * value, so who changed what stays traceable.
 */

/** Spec §7 updateAppInfo: one setting; point costs and the ticket also need the admin lock. */
export async function changeAppSetting({
  ctx,
  ip,
  name,
  value,
}: {
  ctx: TxContext;
  ip: string;
  name: AppSettingName;
  value: string;
}): Promise<AppInfo> {
  if (isLockedSetting(name))
    requireAdminLock({ auth: ctx.auth, now: ctx.now, message: homeMessages.lockedSetting });
  const next = canonicalSetting({ name, value });
  const old = (await readSetting({ db: ctx.tx, key: name })) ?? null;
  if (old !== next) {
    await writeSetting({ db: ctx.tx, key: name, value: next });
    await insertAudit({
      db: ctx.tx,
      adminIdx: ctx.auth.user.f_idx,
      action: 'app_setting_changed',
      targetIdx: null,
      detail: { param: name, old, new: next },
      ip,
      now: ctx.now,
    });
  }
  return readPublicSettings({ db: ctx.tx });
}

export async function homeSettingForAdmin({ db, now }: { db: DbOrTx; now: Date }) {
  const [homeSetting, rows] = await Promise.all([readHomeSetting({ db }), readAds({ db })]);
  return { home_setting: homeSetting, ads_list: rows.map((row) => toAdminAd({ row, now })) };
}

/** Spec §7 updateHomeSetting: the home logo (text or image) and what tapping it opens. */
export async function changeHomeSetting({
  ctx,
  ip,
  contentType,
  content,
  linkType,
  linkData,
}: {
  ctx: TxContext;
  ip: string;
  contentType: 'T' | 'I';
  content: string;
  linkType: HomeLinkType;
  linkData: string;
}): Promise<HomeSetting> {
  const before = await readHomeSetting({ db: ctx.tx });
  const values = {
    home_content_type: contentType,
    home_content: content,
    home_link_type: linkType,
    home_link_data: canonicalConnect({ type: linkType, value: linkData }),
  };
  for (const [key, value] of Object.entries(values)) await writeSetting({ db: ctx.tx, key, value });
  await insertAudit({
    db: ctx.tx,
    adminIdx: ctx.auth.user.f_idx,
    action: 'home_setting_changed',
    targetIdx: null,
    detail: {
      old: {
        home_content_type: before.f_home_content_type,
        home_content: before.f_home_content,
        home_link_type: before.f_home_link_type,
        home_link_data: before.f_home_link_data,
      },
      new: values,
    },
    ip,
    now: ctx.now,
  });
  return readHomeSetting({ db: ctx.tx });
}

type AdChange =
  | { image_url: string }
  | { period: number }
  | { connect_type: AdConnectType; connect_value: string };

/** Spec §7 updateAdsImage, updateAdsPeriod, updateAdsConnect: one slot, one aspect. */
export async function changeAd({
  ctx,
  ip,
  slot,
  change,
}: {
  ctx: TxContext;
  ip: string;
  slot: number;
  change: AdChange;
}): Promise<AdminAd> {
  const before = await readAd({ db: ctx.tx, idx: slot });
  const at = ctx.now.toISOString();
  const values =
    'image_url' in change
      ? { f_image_url: change.image_url }
      : 'period' in change
        ? // A period counts from when it is set; 0 stops the ad.
          { f_period_day: change.period, f_start_time: change.period > 0 ? at : null }
        : {
            f_connect_type: change.connect_type,
            f_connect_value: canonicalConnect({ type: change.connect_type, value: change.connect_value }),
          };
  await updateAd({ db: ctx.tx, idx: slot, values: { ...values, f_update_time: at } });
  const old = Object.fromEntries(Object.keys(values).map((k) => [k, before[k as keyof typeof before]]));
  await insertAudit({
    db: ctx.tx,
    adminIdx: ctx.auth.user.f_idx,
    action: 'ad_changed',
    targetIdx: null,
    detail: { slot, old, new: values },
    ip,
    now: ctx.now,
  });
  return toAdminAd({ row: await readAd({ db: ctx.tx, idx: slot }), now: ctx.now });
}
