import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { HomeSetting } from '../../../../sync/api/home.api.ts';
import { type AdminAd, getHomeSettingCall } from '../../../../sync/api/home-admin.api.ts';
import { api } from '../../../api/client.ts';
import { useQuery } from '../../../api/useQuery.ts';
import { AdSlotCard } from './AdSlotCard.tsx';
import { HomeSettingForm } from './HomeSettingForm.tsx';
import './admin-home.css';

/**
 * Spec §2 admin ads: the home logo and the 10 ad slots (getHomeSetting). How long each ad shows and
 * in which order are app settings, on the info tab.
 */
export function AdsScreen() {
  const { t } = useLingui();
  const load = useCallback(() => api(getHomeSettingCall, {}), []);
  const query = useQuery(load);
  const [setting, setSetting] = useState<HomeSetting | null>(null);
  const [ads, setAds] = useState<Record<number, AdminAd>>({});
  if (!query.data) return <p className="muted">{query.loading ? t`Loading…` : t`Could not load the ads.`}</p>;
  return (
    <div className="admin-ads">
      <HomeSettingForm setting={setting ?? query.data.home_setting} onSaved={setSetting} />
      <h2 className="section-title">{t`Ads`}</h2>
      <p className="muted">{t`An ad shows on the home while it has an image and its days run.`}</p>
      {query.data.ads_list.map((ad) => (
        <AdSlotCard
          key={ad.f_idx}
          ad={ads[ad.f_idx] ?? ad}
          onSaved={(next) => setAds((all) => ({ ...all, [next.f_idx]: next }))}
        />
      ))}
    </div>
  );
}
