import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { normalizeKeyword } from '../../lib/format.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { useProfile } from '../auth/profile.ts';
import { TodayLink } from '../notify/TodayLink.tsx';

/** Spec §2 Home: search box (to /Map with the keyword), today reminder, quick buttons. */
export function HomeScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const profile = useProfile();

  return (
    <>
      <ScreenHeader title={t`Bunyang Talk`} />
      <main className="screen">
        {profile?.approval === 'P' ? (
          <p className="banner banner--warn" role="status">
            <Trans>Your sign-up is under review. Some features open once an admin approves it.</Trans>
          </p>
        ) : null}
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
              placeholder={t`Search by site name or address`}
              aria-label={t`Search sites`}
            />
            <button type="submit" className="button button--primary">
              <Trans>Search</Trans>
            </button>
          </form>
        </search>
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
      </main>
    </>
  );
}
