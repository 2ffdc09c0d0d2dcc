import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useCall } from '../../api/useCall.ts';
import { formatPhone, phoneDigits } from '../../lib/format.ts';
import { toast } from '../../ui/toast.tsx';
import { withdraw } from '../auth/auth-actions.ts';

/** Withdrawal needs the signed-in phone typed again (spec §5). */
export function WithdrawalPopup({ close }: { close: () => void }) {
  const { t } = useLingui();
  const [phone, setPhone] = useState('');
  const { run } = useCall();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (phoneDigits(phone).length < 10) return toast(t`Please enter your phone number.`);
    // Stays busy on success: the app leaves for the login screen.
    setBusy(true);
    const left = await run(async () => {
      await withdraw(phoneDigits(phone));
      return true;
    });
    if (!left) setBusy(false);
  };
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="modal__title">{t`Withdraw`}</h2>
      <p>{t`Your account ends and your sites leave every list. Type the phone number you are signed in with to confirm.`}</p>
      <div className="field">
        <label htmlFor="withdraw-phone">{t`Phone number`}</label>
        <input
          id="withdraw-phone"
          type="tel"
          value={phone}
          onChange={(e) => setPhone(formatPhone(e.target.value))}
        />
      </div>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Cancel`}
        </button>
        <button type="submit" className="button button--danger" disabled={busy}>
          {t`Withdraw`}
        </button>
      </div>
    </form>
  );
}
