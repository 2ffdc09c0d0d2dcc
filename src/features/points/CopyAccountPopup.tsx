import { useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast.tsx';
import { usePurchaseInfo } from './purchase-info.ts';

/** Spec §2 copy account: the transfer account comes from the server's configuration (BANK_ACCOUNT). */
export function CopyAccountPopup({ close }: { close: () => void }) {
  const { t } = useLingui();
  const info = usePurchaseInfo();
  const account = info?.bank_account ?? '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(account);
      toast(t`Copied.`);
    } catch {
      toast(t`Could not copy. Please select the account number and copy it.`);
    }
  };

  return (
    <div className="form">
      <h2 className="modal__title">{t`Pay by bank transfer`}</h2>
      <p>{t`Transfer to this account with your name as the sender. An admin credits the points after checking the transfer.`}</p>
      <p className="account" data-testid="bank-account">
        {account || t`Loading…`}
      </p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!account}
          onClick={() => void copy()}
        >
          {t`Copy account`}
        </button>
      </div>
    </div>
  );
}
