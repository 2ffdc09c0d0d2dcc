import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { PaidWith } from '../../../sync/points/paid-options.ts';
import type { ChargeOption } from '../../../sync/points/plans.ts';
import { formatNumber } from '../../lib/format.ts';

/**
 * The one wording of each cost the app shows: what made+ or push uses (a remaining count, or
 * points with the balance beside them) in a checkbox and in its confirmation alike, and what a
 * charge option takes and gives (won paid, points credited, of which bonus).
 */
export function useCostText() {
  const { t } = useLingui();
  /** "1 of your 5 remaining" / "2,000P (you have 3,000P)": the same words wherever the option shows. */
  const uses = useCallback(
    (paid: PaidWith) => {
      if (paid.by === 'count') {
        const left = formatNumber(paid.left);
        return t`uses 1 of your ${left} remaining`;
      }
      const cost = formatNumber(paid.cost);
      const balance = formatNumber(paid.balance);
      return t`uses ${cost}P (you have ${balance}P)`;
    },
    [t],
  );
  /** A charge option: "Pay 55,000 won" and "Get 55,000P (5,000P of it bonus)". */
  const charge = useCallback(
    (option: ChargeOption) => {
      const price = formatNumber(option.price);
      const points = formatNumber(option.points);
      const bonus = formatNumber(option.bonus);
      return {
        pay: t`Pay ${price} won`,
        get: option.bonus > 0 ? t`Get ${points}P (${bonus}P of it bonus)` : t`Get ${points}P`,
      };
    },
    [t],
  );
  return { uses, charge };
}
