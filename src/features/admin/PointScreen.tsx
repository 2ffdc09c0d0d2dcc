import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState } from 'react';
import {
  type AdminPointLogItem,
  addPointCall,
  findPointMemberCall,
  getMemberPointLogCall,
  type PointMember,
} from '../../../sync/api/points.api.ts';
import { api } from '../../api/client.ts';
import { formatDateTime, formatNumber, parseNumber } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { toast } from '../../ui/toast.tsx';
import { useInfiniteList } from '../../ui/useInfiniteList.ts';
import { newIdempotencyKey } from '../points/idempotency-key.ts';
import { afterModalClosed } from '../points/modal-chain.ts';
import { usePointLogText, usePointTypeLabel } from '../points/point-log-text.ts';
import { LockNotice, MemberFinder, MemberSummary } from './MemberFinder.tsx';
import { useAdminAction } from './useAdminAction.ts';
import { useAdminLock } from './useAdminLock.ts';

function PointLog({ userIdx }: { userIdx: number }) {
  const { t } = useLingui();
  const describeItem = usePointLogText();
  const typeLabel = usePointTypeLabel();
  const loadPage = useCallback(
    (page: number) => api(getMemberPointLogCall, { user_idx: userIdx, page_num: page }),
    [userIdx],
  );
  const { items, done, sentinelRef } = useInfiniteList<AdminPointLogItem>({ loadPage });
  return (
    <section aria-label={t`Point log`}>
      <h3 className="section-title">{t`Point log`}</h3>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t`Time`}</th>
              <th scope="col">{t`Type`}</th>
              <th scope="col">{t`Points`}</th>
              <th scope="col">{t`Balance`}</th>
              <th scope="col">{t`By`}</th>
              <th scope="col">{t`Memo`}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.f_idx}>
                <td>{formatDateTime(r.f_reg_time)}</td>
                <td>{typeLabel(r.f_type)}</td>
                <td className="num">
                  {r.f_type === 'C' || r.f_type === 'A' ? '+' : '−'}
                  {formatNumber(r.f_point)}
                </td>
                <td className="num">{formatNumber(r.f_point_final)}</td>
                <td>{r.f_admin_name ?? '-'}</td>
                <td>{describeItem(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {done ? null : <div ref={sentinelRef} className="sentinel" />}
    </section>
  );
}

/** Spec §2 admin point: give or deduct a member's points, behind the admin lock, confirmed first. */
export function PointScreen() {
  const { t } = useLingui();
  const run = useAdminAction();
  const confirm = useConfirm();
  const lock = useAdminLock();
  const [member, setMember] = useState<PointMember | null>(null);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [version, setVersion] = useState(0);
  const attempt = useRef<{ what: string; key: string } | null>(null);

  const find = (phone: string) => run(() => api(findPointMemberCall, { phone }));
  const refresh = async (m: PointMember) => {
    const fresh = await find(m.f_phone);
    if (fresh) setMember(fresh);
    setVersion((n) => n + 1);
  };

  const change = async (sign: 1 | -1) => {
    if (!member) return;
    const n = parseNumber(amount);
    if (n === null || !Number.isInteger(n) || n <= 0) return toast(t`Please enter the points.`);
    const points = formatNumber(n);
    const question =
      sign > 0 ? t`Give ${points}P to ${member.f_name}?` : t`Deduct ${points}P from ${member.f_name}?`;
    // The server refuses without the lock; asking for it here saves the round trip.
    if (!lock.open) {
      if (!(await lock.unlock())) return;
      await afterModalClosed();
    }
    if (!(await confirm(question))) return;
    const what = `${member.f_idx}:${sign * n}:${memo}`;
    if (attempt.current?.what !== what) attempt.current = { what, key: newIdempotencyKey() };
    const done = await run(() =>
      api(addPointCall, {
        user_idx: member.f_idx,
        point: sign * n,
        memo,
        idempotency_key: attempt.current?.key,
      }),
    );
    if (done) {
      attempt.current = null;
      setAmount('');
      setMemo('');
      await refresh(member);
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
              aria-label={t`Points`}
              placeholder={t`Points`}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
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
              {t`Give points`}
            </button>
            <button type="button" className="button button--danger" onClick={() => void change(-1)}>
              {t`Deduct points`}
            </button>
          </div>
          <PointLog key={`${member.f_idx}:${version}`} userIdx={member.f_idx} />
        </>
      ) : null}
    </section>
  );
}
