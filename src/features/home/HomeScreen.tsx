import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { HomeSetting } from '../../../sync/api/home.api.ts';
import { normalizeKeyword } from '../../lib/format.ts';
import { firstSyncSettled } from '../../sync/status.ts';
import { Icon } from '../../ui/Icon.tsx';
import { BellIcon, ListIcon, RegisterIcon, SearchIcon } from '../../ui/icons.ts';
import { useModal } from '../../ui/modal.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { toastShowing } from '../../ui/toast.tsx';
import { useProfile } from '../auth/profile.ts';
import { TodaySection } from '../notify/TodayLink.tsx';
import { type AdsDecision, adsHidden, adsShownInSession, decideAds, markAdsShown } from './ad-hiding.ts';
import { HomeWork } from './HomeWork.tsx';
import { useHomeData } from './home-data.ts';
import './home.css';

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

/**
 * Spec §2 Home, the screen an agent opens daily: the logo (text or image, with its link), the
 * search box (to /Map with the keyword) with the admin's hint, the quick buttons, today's
 * notifications, the member's waiting work, this month's new sites as cards with the regional
 * interest, and the ad popup (at most once a session, never over a confirmation). What the admin
 * sets comes from getHomeData; offline the last copy is shown, and the rest is read from the device.
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

  // What the home made of the ads on the server's data (`data-ads` on the screen, which tests wait for).
  const [adsDecision, setAdsDecision] = useState<AdsDecision>();
  useEffect(() => {
    const data = home.data;
    if (!data || !home.fresh) return;
    const decide = () =>
      decideAds({
        count: data.ads.length,
        shownInSession: adsShownInSession(),
        hidden: adsHidden(),
        // A "saved" toast or a dialog is on screen (back from registering a site): not over it.
        confirmationShowing: toastShowing() || modal.isOpen(),
      });
    const first = decide();
    if (first !== 'shown') return setAdsDecision(first);
    let live = true;
    // Pictures after the rows: on a thin link the ads' pictures would share it with the first
    // sync, which the agent needs more; they come once it has ended (and what is on screen then decides).
    void firstSyncSettled().then(() => {
      if (!live) return;
      const decision = decide();
      setAdsDecision(decision);
      if (decision !== 'shown') return;
      markAdsShown();
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
  }, [home.data, home.fresh, modal, router]);

  return (
    <>
      <ScreenHeader title={setting?.f_home_title || t`Bunyang Talk`} />
      <main className="screen home" data-ads={adsDecision}>
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

        <nav className="home-quick" aria-label={t`Quick menu`}>
          <Link to="/Map" className="home-quick__item">
            <Icon data={SearchIcon} size={24} />
            <Trans>Search sites</Trans>
          </Link>
          <Link to="/SaleList" className="home-quick__item">
            <Icon data={ListIcon} size={24} />
            <Trans>My sale list</Trans>
          </Link>
          <Link to="/RegSite/step1/$type" params={{ type: 'New' }} className="home-quick__item">
            <Icon data={RegisterIcon} size={24} />
            <Trans>Register a sale</Trans>
          </Link>
          <Link to="/notify" className="home-quick__item">
            <Icon data={BellIcon} size={24} />
            <Trans>Notifications</Trans>
          </Link>
        </nav>

        {/* Today's notifications: the today reminder link (/notify/today) and the newest of today. */}
        <TodaySection />
        <HomeWork />

        {home.data ? (
          <Suspense fallback={null}>
            <HomeMonthly
              interest={home.data.interest_sites}
              sites={home.data.new_sites ?? []}
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
