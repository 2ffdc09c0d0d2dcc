import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { useCall } from '../../api/useCall.ts';
import { useModal } from '../../ui/modal.tsx';
import { toast } from '../../ui/toast.tsx';
import { confirmCharge, type PaymentReturn } from './payment.ts';
import { VirtualAccountPopup } from './VirtualAccountPopup.tsx';

/**
 * What happens when the payment window (or the test checkout) hands back: without a payment
 * id, 'payment failed' with the provider's words; with one, the server verifies it and either
 * credits ('charged', toasted by the api client), says why not, or answers an issued virtual
 * account, shown at once with what to deposit where and by when.
 */
export function useChargeResult() {
  const { t } = useLingui();
  const { run } = useCall();
  const modal = useModal();
  return useCallback(
    /** `leave` closes the screen the payment started from (the charge popup), before any popup of the result. */
    async (ret: PaymentReturn, leave?: () => void): Promise<boolean> => {
      if (!ret.impUid) {
        const reason = ret.errorMsg ?? '';
        toast(t`Payment failed. ${reason}`);
        return false;
      }
      const { impUid, merchantUid } = ret;
      const result = await run(() => confirmCharge({ merchantUid, impUid }));
      if (result) leave?.();
      if (result?.deposit) {
        const deposit = result.deposit;
        modal.open((close) => <VirtualAccountPopup account={deposit} close={close} />);
      }
      return result !== undefined && result !== null;
    },
    [run, t, modal],
  );
}
