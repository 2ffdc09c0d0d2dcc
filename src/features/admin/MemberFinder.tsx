import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PointMember } from '../../../sync/api/points.api.ts';
import { formatDateTime, formatNumber, formatPhone, phoneDigits } from '../../lib/format.ts';
import { toast } from '../../ui/toast.tsx';

/** Finds one member by phone for the points and usage-period tabs (spec §5: admin phone required). */
export function MemberFinder({
  find,
  onFound,
}: {
  find: (phone: string) => Promise<PointMember | undefined>;
  onFound: (member: PointMember) => void;
}) {
  const { t } = useLingui();
  const [phone, setPhone] = useState('');
  return (
    <form
      className="row"
      onSubmit={async (e) => {
        e.preventDefault();
        if (phoneDigits(phone).length < 9) return toast(t`Please enter a phone number.`);
        const member = await find(phoneDigits(phone));
        if (member) onFound(member);
      }}
    >
      <input
        className="input grow"
        type="tel"
        inputMode="tel"
        aria-label={t`Member phone`}
        placeholder={t`Member phone`}
        value={phone}
        onChange={(e) => setPhone(formatPhone(e.target.value))}
      />
      <button type="submit" className="button">
        {t`Find`}
      </button>
    </form>
  );
}

export function MemberSummary({ member }: { member: PointMember }) {
  const { t } = useLingui();
  const points = formatNumber(member.f_point);
  const usage = formatDateTime(member.f_usage_date);
  return (
    <section className="card" data-testid="point-member">
      <strong>{member.f_name}</strong> <span className="muted">{member.f_affiliation}</span>
      <div className="muted">{formatPhone(member.f_phone)}</div>
      <div>
        {t`Points: ${points}P`} · {t`Usage until: ${usage}`} ·{' '}
        {t`made+ ${member.f_made_count} · push ${member.f_push_count}`}
      </div>
    </section>
  );
}

export function LockNotice({ open, unlock }: { open: boolean; unlock: () => void }) {
  const { t } = useLingui();
  if (open) return null;
  return (
    <div className="banner banner--warn row">
      <span className="grow">{t`Open the admin lock to change points or usage periods.`}</span>
      <button type="button" className="button button--small" onClick={unlock}>
        {t`Unlock`}
      </button>
    </div>
  );
}
