import { useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { useProfile } from '../auth/profile.ts';
import { adminTabLabels, adminTabRoutes, visibleAdminTabs } from './admin-tabs.ts';
import { useAdminLock } from './useAdminLock.ts';

/** The back office (online only): the tabs of the admin's authority and the admin lock. */
export function AdminLayout() {
  const { t, i18n } = useLingui();
  const profile = useProfile();
  const lock = useAdminLock();
  const tabs = visibleAdminTabs(profile);
  return (
    <>
      <ScreenHeader
        title={t`Admin`}
        back
        right={
          <button
            type="button"
            className={`button button--small${lock.open ? ' button--danger' : ''}`}
            onClick={() => void (lock.open ? lock.lock() : lock.unlock())}
            aria-pressed={lock.open}
          >
            {lock.open ? t`Lock` : t`Unlock`}
          </button>
        }
      />
      <nav className="admin-tabs" aria-label={t`Admin menu`}>
        {tabs.map((tab) => (
          <Link
            key={tab}
            to={adminTabRoutes[tab]}
            className="admin-tabs__item"
            activeProps={{ className: 'admin-tabs__item is-active' }}
          >
            {i18n._(adminTabLabels[tab])}
          </Link>
        ))}
      </nav>
      <main className="screen">
        <Outlet />
      </main>
    </>
  );
}
