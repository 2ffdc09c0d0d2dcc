import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { nearExpiry } from '../../../sync/sites/expiry.ts';
import { localDb } from '../../db/db.ts';
import { useSyncStatus } from '../../sync/client.ts';
import { Icon, type IconData } from '../../ui/Icon.tsx';
import { AboutToHideIcon, DraftIcon, NextIcon, WaitingUploadIcon } from '../../ui/icons.ts';
import { useMember } from '../sites/common/useMember.ts';

interface WaitingWork {
  /** Registrations saved temporarily, and the kind of the latest (where "continue" leads). */
  drafts: number;
  latestDraft: 'O' | 'G' | null;
  /** The member's general sites that hide within the warning days (spec §9: 5 or fewer). */
  aboutToHide: number;
}

/** What waits for the member on this device: read from the device, so it is there offline too. */
function useWaitingWork(uid: number): WaitingWork | undefined {
  return useLiveQuery(async () => {
    const drafts = (await localDb.drafts.toArray())
      .filter((d) => d.site_type === 'O' || d.site_type === 'G')
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    const sites = await localDb.sites.toArray();
    const aboutToHide = sites.filter(
      (s) =>
        s.f_user_idx === uid &&
        s.f_site_type === 'G' &&
        (s.f_status ?? 'N') === 'N' &&
        s.f_hidden !== 'Y' &&
        nearExpiry(s.f_remain_days_till_hide),
    ).length;
    const latest = drafts[0]?.site_type;
    return {
      drafts: drafts.length,
      latestDraft: latest === 'O' || latest === 'G' ? latest : null,
      aboutToHide,
    };
  }, [uid]);
}

/**
 * The home's "my waiting work": registrations saved temporarily, changes waiting to be sent or
 * refused, and own sites about to hide, each leading to where it is dealt with. Nothing waiting
 * says so in one line.
 */
export function HomeWork() {
  const { t } = useLingui();
  const { uid } = useMember();
  const work = useWaitingWork(uid);
  const status = useSyncStatus();
  if (!work) return null;
  const attention = status.rejected + status.conflicts;
  const rows: ReactNode[] = [];
  if (work.drafts > 0) {
    rows.push(
      <WorkRow
        key="drafts"
        icon={DraftIcon}
        to={work.latestDraft === 'G' ? '/RegSite/step1/General' : '/RegSite/step1/New'}
        title={t`${work.drafts} registrations saved temporarily`}
        detail={t`Continue registering`}
      />,
    );
  }
  if (status.pending > 0) {
    rows.push(
      <WorkRow
        key="pending"
        icon={WaitingUploadIcon}
        to="/sync"
        title={t`${status.pending} changes waiting to be sent`}
        detail={status.online ? t`Sending soon` : t`Sent when you are back online`}
      />,
    );
  }
  if (attention > 0) {
    rows.push(
      <WorkRow
        key="attention"
        icon={WaitingUploadIcon}
        to="/sync"
        title={t`${attention} changes need your attention`}
        detail={t`Refused or in conflict: choose what to keep`}
        urgent
      />,
    );
  }
  if (work.aboutToHide > 0) {
    rows.push(
      <WorkRow
        key="hide"
        icon={AboutToHideIcon}
        to="/SaleList"
        title={t`${work.aboutToHide} of my sites hide soon`}
        detail={t`Within 5 days: extend them in my sale list`}
        urgent
      />,
    );
  }
  return (
    <section className="home-section" aria-label={t`My waiting work`} data-testid="home-work">
      <h2 className="home-section__title">{t`My waiting work`}</h2>
      {rows.length === 0 ? (
        <p className="muted home-work__none">{t`Nothing is waiting: drafts, unsent changes and sites about to hide show here.`}</p>
      ) : (
        <ul className="home-work">{rows}</ul>
      )}
    </section>
  );
}

function WorkRow({
  icon,
  to,
  title,
  detail,
  urgent = false,
}: {
  icon: IconData;
  to: '/RegSite/step1/New' | '/RegSite/step1/General' | '/sync' | '/SaleList';
  title: string;
  detail: string;
  urgent?: boolean;
}) {
  return (
    <li>
      <Link to={to as never} className={`home-work__row${urgent ? ' is-urgent' : ''}`}>
        <span className="home-work__icon">
          <Icon data={icon} size={20} />
        </span>
        <span className="home-work__text">
          <strong>{title}</strong>
          <span className="muted">{detail}</span>
        </span>
        <Icon data={NextIcon} size={18} />
      </Link>
    </li>
  );
}
