import { useLingui } from '@lingui/react/macro';
import type { VirtualAccount } from '../../../sync/api/points.api.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { toast } from '../../ui/toast.tsx';

/**
 * A virtual account issued for a charge: where to deposit how much by when. The points are
 * credited by the server when the payment provider reports the deposit, with no app open.
 */
export function VirtualAccountPopup({ account, close }: { account: VirtualAccount; close: () => void }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const amount = formatNumber(account.amount);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(account.account);
      toast(t`Copied.`);
    } catch {
      toast(t`Could not copy. Please select the account number and copy it.`);
    }
  };

  return (
    <div className="form">
      <h2 className="modal__title">{t`Deposit into your virtual account`}</h2>
      <dl className="deposit" data-testid="virtual-account">
        <dt>{t`Bank`}</dt>
        <dd>{account.bank}</dd>
        <dt>{t`Account number`}</dt>
        <dd className="account">{account.account}</dd>
        <dt>{t`Account holder`}</dt>
        <dd>{account.holder}</dd>
        <dt>{t`Amount to deposit`}</dt>
        <dd>{t`${amount} won`}</dd>
        {account.due ? (
          <>
            <dt>{t`Deposit by`}</dt>
            <dd>{formatDateTime(account.due, locale)}</dd>
          </>
        ) : null}
      </dl>
      <p className="muted">{t`Deposit the exact amount by the deadline: the points are charged as soon as the deposit is confirmed.`}</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`OK`}
        </button>
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {t`Copy account number`}
        </button>
      </div>
    </div>
  );
}
