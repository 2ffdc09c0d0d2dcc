import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { HomeSetting } from '../../../sync/api/home.api.ts';
import { normalizeKeyword } from '../../lib/format.ts';
import { firstSyncSettled } from '../../sync/status.ts';
import { useModal } from '../../ui/modal.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { useProfile } from '../auth/profile.ts';
import { TodayLink } from '../notify/TodayLink.tsx';
import { adsHidden } from './ad-hiding.ts';
import { useHomeData } from './home-data.ts';

// Below the search: this month's new sites and the regional interest, loaded after the home is up.
const monthly = () => import('./monthly/HomeMonthly.tsx');
const HomeMonthly = lazy(() => monthly().then((m) => ({ default: m.HomeMonthly })));
const MonthlySale = lazy(() => monthly().then((m) => ({ default: m.MonthlySaleScreen })));

/**
 * Spec §2 /MonthlySale. Its route reaches it through this module (one lazy chunk less in the
 * entry); the screen itself comes with the home's monthly card, which the home has loaded.
 */
export function MonthlySaleRoute() {
  return (
    <Suspense fallback={null}>
      <MonthlySale />
    </Suspense>
  );
}

/** The ad popup opens once a launch (coming back from an ad's site does not open it again). */
let adsShownThisLaunch = false;

/**
 * Spec §2 Home: the logo (text or image, with its link), the search box (to /Map with the keyword)
 * with the admin's hint, the quick buttons, this month's new sites and the regional interest, and
 * the ad popup. What the admin sets comes from getHomeData; offline the last copy is shown.
 */
export function HomeScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const modal = useModal();
  const [keyword, setKeyword] = useState('');
  const profile = useProfile();
  const home = useHomeData();
  const setting = home.data?.home_setting;

  // What the home made of the ads on the server's data (`data-ads` on the screen, which tests wait
  // for): none to show, hidden by the member, already shown this launch, or shown now.
  const [adsDecision, setAdsDecision] = useState<'none' | 'hidden' | 'shown-before' | 'shown'>();
  useEffect(() => {
    const data = home.data;
    if (!data || !home.fresh) return;
    if (data.ads.length === 0) return setAdsDecision('none');
    if (adsShownThisLaunch) return setAdsDecision('shown-before');
    if (adsHidden()) return setAdsDecision('hidden');
    let live = true;
    // Pictures after the rows: on a thin link the ads' pictures would share it with the first
    // sync, which the agent needs more; they come once it has ended.
    void firstSyncSettled().then(() => {
      if (!live || adsShownThisLaunch) return;
      adsShownThisLaunch = true;
      setAdsDecision('shown');
      return import('./home-actions.ts').then((actions) =>
        actions.showAds({
          ads: data.ads,
          mode: data.home_setting.f_ads_mode,
          durationSec: data.home_setting.f_ads_duration_sec,
          open: modal.open,
          onTapped: (ad) =>
            void actions.openConnect({
              type: ad.f_connect_type,
              value: ad.f_connect_value,
              imageUrl: ad.f_image_url,
              openModal: modal.open,
              router,
            }),
        }),
      );
    });
    return () => {
      live = false;
    };
  }, [home.data, home.fresh, modal.open, router]);

  return (
    <>
      <ScreenHeader title={setting?.f_home_title || t`Bunyang Talk`} />
      <main className="screen" data-ads={adsDecision}>
        {profile?.approval === 'P' ? (
          <p className="banner banner--warn" role="status">
            <Trans>Your sign-up is under review. Some features open once an admin approves it.</Trans>
          </p>
        ) : null}
        {setting ? <HomeLogo setting={setting} /> : null}
        <search>
          <form
            className="search-box"
            onSubmit={(e) => {
              e.preventDefault();
              void navigate({ to: '/Map', search: { keyword: normalizeKeyword(keyword) } });
            }}
          >
            <input
              type="search"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              placeholder={setting?.f_home_search_hint || t`Search by site name or address`}
              aria-label={t`Search sites`}
            />
            <button type="submit" className="button button--primary">
              <Trans>Search</Trans>
            </button>
          </form>
        </search>
        {/* The today reminder link (/notify/today) with its unread count. */}
        <TodayLink />

        <div className="quick-grid">
          <Link to="/Map" className="quick-button">
            <Trans>Search sites</Trans>
          </Link>
          <Link to="/SaleList" className="quick-button">
            <Trans>My sale list</Trans>
          </Link>
          <Link to="/RegSite/step1/$type" params={{ type: 'New' }} className="quick-button">
            <Trans>Register a sale</Trans>
          </Link>
        </div>

        {home.data ? (
          <Suspense fallback={null}>
            <HomeMonthly
              interest={home.data.interest_sites}
              offline={home.offline}
              onRegionsChanged={home.reload}
            />
          </Suspense>
        ) : null}
      </main>
    </>
  );
}

/** The logo of the home setting: its text or its image, opening its link when it has one. */
function HomeLogo({ setting }: { setting: HomeSetting }) {
  const modal = useModal();
  const router = useRouter();
  const content =
    setting.f_home_content_type === 'I' ? (
      <img className="home-logo__image" src={setting.f_home_content} alt={setting.f_home_title} />
    ) : (
      <span className="home-logo__text">{setting.f_home_content}</span>
    );
  if (setting.f_home_link_type === '') return <div className="home-logo">{content}</div>;
  return (
    <button
      type="button"
      className="home-logo home-logo--link"
      onClick={() =>
        void import('./home-actions.ts').then((m) =>
          m.openConnect({
            type: setting.f_home_link_type,
            value: setting.f_home_link_data,
            imageUrl: '',
            openModal: modal.open,
            router,
          }),
        )
      }
    >
      {content}
    </button>
  );
}
