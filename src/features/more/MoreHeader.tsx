import { useLingui } from '@lingui/react/macro';
import { daysLeft } from '../../../sync/points/plans.ts';
import { formatNumber, formatPhone } from '../../lib/format.ts';
import { useProfile } from '../auth/profile.ts';
import { usePurchaseInfo } from '../points/purchase-info.ts';

/**
 * Spec §2 More header: name, phone, days left (only when ticket_show is Y; infinity when usage is
 * free, else only while days are left), points (never below 0) and the business card.
 */
export function MoreHeader() {
  const { t } = useLingui();
  const profile = useProfile();
  const info = usePurchaseInfo();
  if (!profile) return null;
  const days = daysLeft({ usageDate: profile.usage_date, now: new Date() });
  const free = info?.ticket_price === 'F';
  const showDays = info?.ticket_show !== 'N' && (free || days > 0);
  const points = formatNumber(Math.max(0, profile.point));
  return (
    <section className="card more-header" aria-label={t`My account`}>
      <div className="more-header__body">
        <div>
          <strong className="more-header__name">{profile.name}</strong>{' '}
          <span className="muted">{profile.affiliation}</span>
        </div>
        <div className="muted">{formatPhone(profile.phone)}</div>
        <div className="more-header__stats">
          {showDays ? (
            <span className="stat" data-testid="days-left">
              {free ? t`Days left: ∞` : t`Days left: ${days}`}
            </span>
          ) : null}
          <span className="stat" data-testid="points">
            {t`Points: ${points}P`}
          </span>
        </div>
        {profile.approval === 'P' ? <span className="badge badge--warn">{t`Under review`}</span> : null}
      </div>
      {profile.business_card ? (
        <img className="more-header__card" src={profile.business_card} alt={t`Business card`} />
      ) : null}
    </section>
  );
}
