import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PayMethod } from '../../../sync/api/points.api.ts';
import { useCall } from '../../api/useCall.ts';
import { formatNumber } from '../../lib/format.ts';
import { useModal } from '../../ui/modal.tsx';
import { toast } from '../../ui/toast.tsx';
import { useProfile } from '../auth/profile.ts';
import { CopyAccountPopup } from './CopyAccountPopup.tsx';
import { useCostText } from './cost-text.ts';
import { PurchaseInfoMissing } from './PurchaseInfoMissing.tsx';
import { startCharge } from './payment.ts';
import { usePurchaseInfo } from './purchase-info.ts';
import { useChargeResult } from './useChargeResult.tsx';

/**
 * Spec §2 charge points: the six options of §9 (VAT included, 10% bonus from 50,000 won), paid by
 * card, real-time bank transfer or a virtual account through the payment provider, or by a manual
 * transfer to the company's account (the copy-account popup; an admin credits it).
 */
export function ChargePopup({ close }: { close: () => void }) {
  const { t } = useLingui();
  const info = usePurchaseInfo();
  const profile = useProfile();
  const modal = useModal();
  const onResult = useChargeResult();
  const [selected, setSelected] = useState<number | null>(null);
  const [payMethod, setPayMethod] = useState<PayMethod>('card');
  const { run, pending: busy } = useCall();
  const { charge } = useCostText();

  const pay = async () => {
    if (selected === null) return toast(t`Please choose how many points to charge.`);
    await run(async () => {
      const result = await startCharge({ points: selected, payMethod });
      // The test checkout and PortOne's mobile flow leave the page and come back to /More. Once
      // paid, this popup closes before an issued virtual account's popup opens (close shuts the top one).
      if (result !== 'redirected') await onResult(result, close);
    });
  };

  const balance = formatNumber(Math.max(0, profile?.point ?? 0));
  return (
    <div className="form">
      <h2 className="modal__title">{t`Charge points`}</h2>
      <p className="muted">{t`Current points: ${balance}P`}</p>
      {info === null ? <PurchaseInfoMissing /> : null}
      <fieldset className="option-list">
        <legend className="sr-only">{t`Points to charge`}</legend>
        {(info?.charge_options ?? []).map((o) => {
          const said = charge(o);
          return (
            <label key={o.points} className="option">
              <input
                type="radio"
                name="charge"
                checked={selected === o.points}
                onChange={() => setSelected(o.points)}
              />
              <span className="option__title">{said.get}</span>
              <span className="option__price">{said.pay}</span>
            </label>
          );
        })}
      </fieldset>
      <fieldset className="option-list">
        <legend>{t`Pay by`}</legend>
        <div className="pay-methods">
          {(
            [
              ['card', t`Card`],
              ['trans', t`Bank transfer`],
              ['vbank', t`Virtual account`],
            ] as const
          ).map(([method, label]) => (
            <label key={method} className="option">
              <input
                type="radio"
                name="pay-method"
                checked={payMethod === method}
                onChange={() => setPayMethod(method)}
              />
              <span className="option__title">{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <ul className="notes muted">
        <li>{t`Prices include 10% VAT.`}</li>
        <li>{t`Charges of 50,000 won or more get 10% bonus points.`}</li>
      </ul>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Cancel`}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => modal.open((c) => <CopyAccountPopup close={c} />)}
        >
          {t`Deposit to our account`}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || info === null}
          onClick={() => void pay()}
        >
          {payMethod === 'card'
            ? t`Pay by card`
            : payMethod === 'trans'
              ? t`Pay by transfer`
              : t`Get a virtual account`}
        </button>
      </div>
    </div>
  );
}
