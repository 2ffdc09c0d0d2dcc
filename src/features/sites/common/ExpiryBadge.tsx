import { useLingui } from '@lingui/react/macro';
import { nearExpiry } from '../../../../sync/sites/expiry.ts';

/**
 * Days a general site has before it is hidden (spec §4): red at 5 or fewer. A hidden site
 * shows the days it will get when shown again.
 */
export function ExpiryBadge({
  siteType,
  hidden,
  days,
}: {
  siteType: string;
  hidden: 'Y' | 'N';
  days: number | null | undefined;
}) {
  const { t } = useLingui();
  if (siteType !== 'G' || typeof days !== 'number') return null;
  if (hidden === 'Y') {
    return (
      <span className="badge" data-testid="expiry-badge">
        {t`Hidden · ${days} days when shown`}
      </span>
    );
  }
  const warn = nearExpiry(days);
  return (
    <span className={`badge ${warn ? 'badge--danger' : ''}`} data-testid="expiry-badge" data-warn={warn}>
      {t`${days} days before hiding`}
    </span>
  );
}
