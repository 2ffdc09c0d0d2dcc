import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatTime } from '../../lib/format.ts';
import { useTodayCounts, useTodayLatest, useUnreadCount } from './unread.ts';
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

/** How many of today's notifications the home lists (the rest are one tap away). */
const HOME_TODAY = 3;

/**
 * The home's today section: the today link as its head, then today's newest notifications
 * (unread marked), each opening its detail; read from the device, so it works offline.
 */
export function TodayList() {
  const { t, i18n } = useLingui();
  const latest = useTodayLatest(HOME_TODAY);
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  return (
    <section className="home-section home-today" aria-label={t`Today's notifications`}>
      <TodayLinkBody />
      {latest === undefined ? null : latest.length === 0 ? (
        <p className="muted home-today__empty">{t`No notifications today yet.`}</p>
      ) : (
        <ul className="home-today__list">
          {latest.map((n) => (
            <li key={n.f_idx}>
              <Link
                to="/notify"
                search={{ open: n.f_notify_idx } as never}
                className={`home-today__item${n.f_read === 'N' ? ' is-unread' : ''}`}
              >
                <span className="home-today__title">
                  {n.f_read === 'N' ? <span className="sr-only">{t`Unread:`} </span> : null}
                  {n.f_title}
                </span>
                <span className="home-today__meta muted">
                  {n.f_site_name ? `${n.f_site_name} · ` : ''}
                  {formatTime(n.f_send_time, locale)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What TodayLink.tsx loads: the today link, the home's today section, or the unread badge. */
export default function NotifyBits({ today = false, list = false }: { today?: boolean; list?: boolean }) {
  if (list) return <TodayList />;
  return today ? <TodayLinkBody /> : <UnreadBadge />;
}
