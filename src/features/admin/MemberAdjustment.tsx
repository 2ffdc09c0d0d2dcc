import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { parseNumber } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { toast } from '../../ui/toast.tsx';
import { newIdempotencyKey } from '../points/idempotency-key.ts';
import { afterModalClosed } from '../points/modal-chain.ts';
import type { useAdminAction } from './useAdminAction.ts';
import type { useAdminLock } from './useAdminLock.ts';

type Sign = 1 | -1;

/**
 * Giving or taking a member's points or usage days (spec §2 admin point and period): a whole
 * positive amount, the admin lock opened first (the server refuses without it; asking here
 * saves the round trip), a confirmation, and one idempotency key per attempt, so a retry
 * after a lost answer is not applied twice.
 */
export function AdjustmentForm({
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
  run: ReturnType<typeof useAdminAction>;
  labels: { amount: string; missing: string; add: string; take: string };
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
