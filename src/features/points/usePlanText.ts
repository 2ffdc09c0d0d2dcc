import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { UsagePlan } from '../../../sync/points/plans.ts';

/** How a usage plan is named on screen (spec §9: days, alerts, discount, extras). */
export function usePlanText() {
  const { t } = useLingui();
  const title = useCallback(
    (plan: UsagePlan) => {
      const { days, made, push } = plan;
      switch (plan.kind) {
        case 'days':
          return t`${days} days`;
        case 'made':
          return t`made+ ${made} alerts`;
        case 'push':
          return t`Push ${push} alerts`;
        default:
          return days > 0 ? t`made+ and push ${made} each, ${days} days` : t`made+ and push ${made} each`;
      }
    },
    [t],
  );
  const note = useCallback(
    (plan: UsagePlan) => {
      const { discount, extra } = plan;
      if (discount > 0) return t`${discount}% off`;
      if (plan.kind === 'days') return '';
      if (extra === 30) return t`30% extra`;
      if (extra === 50) return t`50% extra`;
      return t`No extra`;
    },
    [t],
  );
  const groupTitle = useCallback(
    (kind: UsagePlan['kind']) => {
      switch (kind) {
        case 'days':
          return t`Usage period`;
        case 'made':
          return t`made+ alerts`;
        case 'push':
          return t`Push alerts`;
        default:
          return t`made+ and push`;
      }
    },
    [t],
  );
  return { title, note, groupTitle };
}
