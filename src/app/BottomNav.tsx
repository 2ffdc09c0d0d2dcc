import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
// Notifications: the unread count on the More tab (where the notifications tile is), its own chunk.
import { TodayLink } from '../features/notify/TodayLink.tsx';
import { Icon } from '../ui/Icon.tsx';
import { shellIcons } from '../ui/shell-icons.ts';

/** Main tab numbers of spec §2: home 0, interest 1, map 2, community 3, more 4. */
export const MainTab = { home: 0, interest: 1, map: 2, community: 3, more: 4 } as const;

/** The main tabs under the main screens: part of the app's shell (src/app/routes/root.tsx). */
export function BottomNav() {
  const { t } = useLingui();
  const tabs = [
    { tab: MainTab.home, to: '/Home', label: t`Home`, icon: 'home' },
    { tab: MainTab.interest, to: '/Interest', label: t`Interest`, icon: 'interest' },
    { tab: MainTab.map, to: '/Map', label: t`Map`, icon: 'map' },
    { tab: MainTab.community, to: '/Community', label: t`Community`, icon: 'community' },
    { tab: MainTab.more, to: '/More', label: t`More`, icon: 'more' },
  ] as const;
  return (
    <nav className="bottom-nav" aria-label={t`Main menu`}>
      {tabs.map((item) => (
        <Link
          key={item.tab}
          to={item.to}
          className="bottom-nav__item"
          activeProps={{ className: 'bottom-nav__item is-active', 'aria-current': 'page' }}
          data-tab={item.tab}
        >
          <Icon data={shellIcons[item.icon]} size={22} className="shell-icon" />
          <span>{item.label}</span>
          {item.tab === MainTab.more ? <TodayLink badge /> : null}
        </Link>
      ))}
    </nav>
  );
}
