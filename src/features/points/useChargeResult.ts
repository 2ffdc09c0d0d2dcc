import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { useCall } from '../../api/useCall.ts';
import { toast } from '../../ui/toast.tsx';
import { confirmCharge, type PaymentReturn } from './payment.ts';

/**
 * What happens when the card widget (or the test checkout) hands back: without a payment
 * id, 'payment failed' with the provider's words; with one, the server verifies it and
 * either credits ('charged, please refresh', toasted by the api client) or says why not.
 */
export function useChargeResult() {
  const { t } = useLingui();
  const { run } = useCall();
  return useCallback(
    async (ret: PaymentReturn): Promise<boolean> => {
      if (!ret.impUid) {
        const reason = ret.errorMsg ?? '';
        toast(t`Payment failed. ${reason}`);
        return false;
      }
      const { impUid, merchantUid } = ret;
      const charged = await run(async () => {
        await confirmCharge({ merchantUid, impUid });
        return true;
      });
      return charged === true;
    },
    [run, t],
  );
}
