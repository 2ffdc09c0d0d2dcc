import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Icon } from './Icon.tsx';
import { CommunityIcon, HeartIcon, HomeIcon, MapIcon, MoreIcon } from './icons.ts';

/** Main tab numbers of spec §2: home 0, interest 1, map 2, community 3, more 4. */
export const MainTab = { home: 0, interest: 1, map: 2, community: 3, more: 4 } as const;

export function BottomNav() {
  const { t } = useLingui();
  const tabs = [
    { tab: MainTab.home, to: '/Home', label: t`Home`, icon: HomeIcon },
    { tab: MainTab.interest, to: '/Interest', label: t`Interest`, icon: HeartIcon },
    { tab: MainTab.map, to: '/Map', label: t`Map`, icon: MapIcon },
    { tab: MainTab.community, to: '/Community', label: t`Community`, icon: CommunityIcon },
    { tab: MainTab.more, to: '/More', label: t`More`, icon: MoreIcon },
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
          <Icon data={item.icon} className="bottom-nav__icon" size={22} />
          <span>{item.label}</span>
        </Link>
      ))}
    </nav>
  );
}
