import { useLingui } from '@lingui/react/macro';
import { useUnreadCount } from './unread.ts';
import './badges.css';

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

export default UnreadBadge;
