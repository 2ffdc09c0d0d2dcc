import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useTodayCounts } from './unread.ts';
import './badges.css';

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

export default TodayLinkBody;
