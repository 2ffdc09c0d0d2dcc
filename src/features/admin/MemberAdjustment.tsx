import { useLingui } from '@lingui/react/macro';
import { Fragment, type ReactNode, useRef, useState } from 'react';
import type { PointMember } from '../../../sync/api/points.api.ts';
import { useCall } from '../../api/useCall.ts';
import { parseNumber } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { toast } from '../../ui/toast.tsx';
import { newIdempotencyKey } from '../points/idempotency-key.ts';
import { afterModalClosed } from '../points/modal-chain.ts';
import { LockNotice, MemberFinder, MemberSummary } from './MemberFinder.tsx';
import { useAdminLock } from './useAdminLock.ts';

type Sign = 1 | -1;
type Labels = { amount: string; missing: string; add: string; take: string };

/**
 * An admin screen that changes one member's balance (spec §2 admin point and period): find
 * the member by phone, see them, give or take, and their log below, read again after each change.
 */
export function MemberAdjustment({
  findMember,
  labels,
  question,
  send,
  log,
}: {
  findMember: (phone: string) => Promise<PointMember>;
  labels: Labels;
  question: (args: { member: PointMember; sign: Sign; amount: number }) => string;
  send: (args: {
    member: PointMember;
    amount: number;
    memo: string;
    idempotencyKey: string | undefined;
  }) => Promise<unknown>;
  log: (userIdx: number) => ReactNode;
}) {
  const { run } = useCall();
  const lock = useAdminLock();
  const [member, setMember] = useState<PointMember | null>(null);
  const [version, setVersion] = useState(0);
  const find = (phone: string) => run(() => findMember(phone));

  return (
    <section className="form">
      <LockNotice open={lock.open} unlock={() => void lock.unlock()} />
      <MemberFinder find={find} onFound={setMember} />
      {member ? (
        <>
          <MemberSummary member={member} />
          <AdjustmentForm
            key={member.f_idx}
            memberIdx={member.f_idx}
            lock={lock}
            run={run}
            labels={labels}
            question={(args) => question({ member, ...args })}
            send={(args) => send({ member, ...args })}
            onDone={async () => {
              const fresh = await find(member.f_phone);
              if (fresh) setMember(fresh);
              setVersion((n) => n + 1);
            }}
          />
          <Fragment key={`${member.f_idx}:${version}`}>{log(member.f_idx)}</Fragment>
        </>
      ) : null}
    </section>
  );
}

/**
 * Giving or taking a member's points or usage days (spec §2 admin point and period): a whole
 * positive amount, the admin lock opened first (the server refuses without it; asking here
 * saves the round trip), a confirmation, and one idempotency key per attempt, so a retry
 * after a lost answer is not applied twice.
 */
function AdjustmentForm({
  memberIdx,
  lock,
  run,
  labels,
  question,
  send,
  onDone,
}: {
  memberIdx: number;
  lock: ReturnType<typeof useAdminLock>;
  run: ReturnType<typeof useCall>['run'];
  labels: Labels;
  question: (args: { sign: Sign; amount: number }) => string;
  send: (args: { amount: number; memo: string; idempotencyKey: string | undefined }) => Promise<unknown>;
  onDone: () => Promise<void>;
}) {
  const { t } = useLingui();
  const confirm = useConfirm();
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const attempt = useRef<{ what: string; key: string } | null>(null);

  const change = async (sign: Sign) => {
    const n = parseNumber(amount);
    if (n === null || !Number.isInteger(n) || n <= 0) return toast(labels.missing);
    if (!lock.open) {
      if (!(await lock.unlock())) return;
      await afterModalClosed();
    }
    if (!(await confirm(question({ sign, amount: n })))) return;
    const what = `${memberIdx}:${sign * n}:${memo}`;
    if (attempt.current?.what !== what) attempt.current = { what, key: newIdempotencyKey() };
    const done = await run(() => send({ amount: sign * n, memo, idempotencyKey: attempt.current?.key }));
    if (done) {
      attempt.current = null;
      setAmount('');
      setMemo('');
      await onDone();
    }
  };

  return (
    <>
      <div className="row wrap">
        <input
          className="input grow"
          inputMode="numeric"
          aria-label={labels.amount}
          placeholder={labels.amount}
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
          {labels.add}
        </button>
        <button type="button" className="button button--danger" onClick={() => void change(-1)}>
          {labels.take}
        </button>
      </div>
    </>
  );
}
