import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useTodayCounts, useUnreadCount } from './unread.ts';
// The notification styles, screens' included: the screens import this module too, so one chunk holds them.
import './notify.css';

/** The unread count on the bottom nav's More tab and the notifications tile (none when 0). */
export function UnreadBadge() {
  const { t } = useLingui();
  const unread = useUnreadCount();
  if (unread === 0) return null;
  return (
    <span className="notify-badge" data-testid="notify-unread">
      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
      <span className="sr-only">{t`${unread} unread notifications`}</span>
    </span>
  );
}

/** Spec §2 Home today reminder: today's notifications with the unread count, to /notify/today. */
export function TodayLinkBody() {
  const { t } = useLingui();
  const { total, unread } = useTodayCounts();
  return (
    <Link
      to="/notify/today"
      className={`today-link${unread > 0 ? ' today-link--unread' : ''}`}
      data-testid="today-link"
    >
      <span>{t`Today's notifications`}</span>
      <span className="today-link__count">{unread > 0 ? t`${unread} new of ${total}` : t`${total}`}</span>
    </Link>
  );
}

/** What TodayLink.tsx loads: the today link, or the unread badge. */
export default function NotifyBits({ today = false }: { today?: boolean }) {
  return today ? <TodayLinkBody /> : <UnreadBadge />;
}
