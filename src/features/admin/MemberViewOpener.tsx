import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useCall } from '../../api/useCall.ts';
import { phoneDigits } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { openMemberView } from './member-view.ts';
import './member-view-opener.css';

type By = 'phone' | 'maemul';

/**
 * Spec §7 adminLogin from the member tab: open the app as a member found by phone, or as the
 * member who owns a listing (its number, as in /SiteDetail?site_idx=). The server decides who may
 * be opened (non-admin members only) and records the visit.
 */
export function MemberViewOpener() {
  const { t } = useLingui();
  const confirm = useConfirm();
  const { run, pending } = useCall();
  const [by, setBy] = useState<By>('phone');
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const keyId = useId();
  const problemId = useId();

  const open = async () => {
    const typed = by === 'phone' ? phoneDigits(key) : key.trim();
    const valid = by === 'phone' ? typed.length >= 10 : /^[1-9]\d{0,9}$/.test(typed);
    if (!valid) {
      setProblem(by === 'phone' ? t`Please enter a phone number.` : t`Please enter a listing number.`);
      return;
    }
    setProblem(null);
    const question =
      by === 'phone'
        ? t`Open the app as the member with this phone? Your visit is recorded; their own sign-in stays.`
        : t`Open the app as the member who owns listing ${typed}? Your visit is recorded; their own sign-in stays.`;
    if (!(await confirm(question))) return;
    await run(() => openMemberView({ key: typed, type: by }));
  };

  return (
    <form
      className="member-view-opener"
      aria-label={t`Open a member's view`}
      onSubmit={(e) => {
        e.preventDefault();
        void open();
      }}
    >
      <select
        aria-label={t`Find the member by`}
        value={by}
        onChange={(e) => {
          setBy(e.target.value as By);
          setProblem(null);
        }}
      >
        <option value="phone">{t`Phone`}</option>
        <option value="maemul">{t`Listing number`}</option>
      </select>
      <input
        id={keyId}
        className="input"
        inputMode={by === 'phone' ? 'tel' : 'numeric'}
        aria-label={by === 'phone' ? t`Member's phone` : t`Listing number`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        value={key}
        onChange={(e) => setKey(e.target.value)}
      />
      <button type="submit" className="button" disabled={pending}>
        {t`Open member's view`}
      </button>
      {problem ? (
        <p className="field__error" id={problemId} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
