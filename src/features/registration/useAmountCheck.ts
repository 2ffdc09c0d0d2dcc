import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { formatManwon } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { type Money, unusualAmounts } from './amounts.ts';

/**
 * Before a save: an amount far outside its usual range (a fee typed as 500, meaning 500만원, is
 * 5억원) is shown in words and the agent confirms it. True when the save may go on.
 */
export function useAmountCheck() {
  const { t, i18n } = useLingui();
  const confirm = useConfirm();
  return useCallback(
    async ({ values, money }: { values: object; money: readonly Money[] }): Promise<boolean> => {
      const unusual = unusualAmounts({ values, money });
      if (unusual.length === 0) return true;
      const locale = i18n.locale === 'en' ? 'en' : 'ko';
      const amounts = unusual.map((u) => formatManwon(u.manwon, locale)).join(', ');
      return confirm(t`${amounts}: this is far from the usual amount. Is it right?`, {
        confirmLabel: t`Yes, save`,
      });
    },
    [confirm, t, i18n],
  );
}
