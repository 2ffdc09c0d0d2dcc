import { useLingui } from '@lingui/react/macro';
import type { PointLogItem } from '../../../sync/api/points.api.ts';
import { USAGE_PLANS } from '../../../sync/points/plans.ts';
import { formatNumber } from '../../lib/format.ts';
import { usePlanText } from './usePlanText.ts';

/** + for C charge and A provided, − for O deduct and U used (spec §3 Point log). */
export function signedPoint(item: Pick<PointLogItem, 'f_type' | 'f_point'>): number {
  return item.f_type === 'C' || item.f_type === 'A' ? item.f_point : -item.f_point;
}

/** What a point log row was for, in words (the reason codes of the ledger). */
export function usePointLogText() {
  const { t } = useLingui();
  const plan = usePlanText();
  return (item: PointLogItem): string => {
    switch (item.f_reason) {
      case 'opening':
        return t`Opening balance`;
      case 'charge': {
        const won = formatNumber(Number(item.f_memo) || 0);
        return t`Card payment (${won} won)`;
      }
      case 'plan': {
        const bought = USAGE_PLANS.find((p) => p.id === item.f_ref);
        return bought ? t`Usage plan: ${plan.title(bought)}` : t`Usage plan`;
      }
      case 'report':
        return item.f_memo ? t`Report reward: ${item.f_memo}` : t`Report reward`;
      case 'community_made':
        return t`Made+ for a community post`;
      case 'community_push':
        return t`Push for a community post`;
      case 'admin':
        return item.f_memo ? t`By the admin: ${item.f_memo}` : t`By the admin`;
      default:
        return item.f_memo;
    }
  };
}

export function usePointTypeLabel() {
  const { t } = useLingui();
  return (type: PointLogItem['f_type']) =>
    ({ C: t`Charged`, A: t`Provided`, O: t`Deducted`, U: t`Used` })[type];
}
