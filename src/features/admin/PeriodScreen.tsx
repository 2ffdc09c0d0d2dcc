import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState } from 'react';
import {
  addPeriodCall,
  findPeriodMemberCall,
  getMemberUsageLogCall,
  type PointMember,
  type UsageLogItem,
} from '../../../sync/api/points.api.ts';
import { api } from '../../api/client.ts';
import { formatDateTime, parseNumber } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { toast } from '../../ui/toast.tsx';
import { useInfiniteList } from '../../ui/useInfiniteList.ts';
import { newIdempotencyKey } from '../points/idempotency-key.ts';
import { afterModalClosed } from '../points/modal-chain.ts';
import { LockNotice, MemberFinder, MemberSummary } from './MemberFinder.tsx';
import { useAdminAction } from './useAdminAction.ts';
import { useAdminLock } from './useAdminLock.ts';

function UsageLog({ userIdx }: { userIdx: number }) {
  const { t } = useLingui();
  const loadPage = useCallback(
    (page: number) => api(getMemberUsageLogCall, { user_idx: userIdx, page_num: page }),
    [userIdx],
  );
  const { items, done, sentinelRef } = useInfiniteList<UsageLogItem>({ loadPage });
  return (
    <section aria-label={t`Usage log`}>
      <h3 className="section-title">{t`Usage log`}</h3>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t`Time`}</th>
              <th scope="col">{t`Days`}</th>
              <th scope="col">{t`made+ / push`}</th>
              <th scope="col">{t`Usage until`}</th>
              <th scope="col">{t`By`}</th>
              <th scope="col">{t`Memo`}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.f_idx}>
                <td>{formatDateTime(r.f_reg_time)}</td>
                <td className="num">{r.f_days > 0 ? `+${r.f_days}` : r.f_days}</td>
                <td className="num">
                  {r.f_made} / {r.f_push}
                </td>
                <td>{formatDateTime(r.f_usage_date_final)}</td>
                <td>{r.f_admin_name ?? '-'}</td>
                <td>{r.f_memo || r.f_reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {done ? null : <div ref={sentinelRef} className="sentinel" />}
    </section>
  );
}

/** Spec §2 admin period: add or take days of usage, behind the admin lock, confirmed first. */
export function PeriodScreen() {
  const { t } = useLingui();
  const run = useAdminAction();
  const confirm = useConfirm();
  const lock = useAdminLock();
  const [member, setMember] = useState<PointMember | null>(null);
  const [days, setDays] = useState('');
  const [memo, setMemo] = useState('');
  const [version, setVersion] = useState(0);
  const attempt = useRef<{ what: string; key: string } | null>(null);

  const find = (phone: string) => run(() => api(findPeriodMemberCall, { phone }));

  const change = async (sign: 1 | -1) => {
    if (!member) return;
    const n = parseNumber(days);
    if (n === null || !Number.isInteger(n) || n <= 0) return toast(t`Please enter the number of days.`);
    const question =
      sign > 0 ? t`Add ${n} days for ${member.f_name}?` : t`Take ${n} days from ${member.f_name}?`;
    // The server refuses without the lock; asking for it here saves the round trip.
    if (!lock.open) {
      if (!(await lock.unlock())) return;
      await afterModalClosed();
    }
    if (!(await confirm(question))) return;
    const what = `${member.f_idx}:${sign * n}:${memo}`;
    if (attempt.current?.what !== what) attempt.current = { what, key: newIdempotencyKey() };
    const done = await run(() =>
      api(addPeriodCall, {
        user_idx: member.f_idx,
        period: sign * n,
        memo,
        idempotency_key: attempt.current?.key,
      }),
    );
    if (done) {
      attempt.current = null;
      setDays('');
      setMemo('');
      const fresh = await find(member.f_phone);
      if (fresh) setMember(fresh);
      setVersion((v) => v + 1);
    }
  };

  return (
    <section className="form">
      <LockNotice open={lock.open} unlock={() => void lock.unlock()} />
      <MemberFinder find={find} onFound={setMember} />
      {member ? (
        <>
          <MemberSummary member={member} />
          <div className="row wrap">
            <input
              className="input grow"
              inputMode="numeric"
              aria-label={t`Days`}
              placeholder={t`Days`}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
            <input
              className="input grow"
              aria-label={t`Memo`}
              placeholder={t`Memo (optional)`}
              value={memo}
              maxLength={200}
              onChange={(e) => setMemo(e.target.value)}
            />
          </div>
          <div className="row">
            <button type="button" className="button button--primary" onClick={() => void change(1)}>
              {t`Add days`}
            </button>
            <button type="button" className="button button--danger" onClick={() => void change(-1)}>
              {t`Take days`}
            </button>
          </div>
          <UsageLog key={`${member.f_idx}:${version}`} userIdx={member.f_idx} />
        </>
      ) : null}
    </section>
  );
}
