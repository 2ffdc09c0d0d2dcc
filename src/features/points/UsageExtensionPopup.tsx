import { Plural, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { buyPeriodCall } from '../../../sync/api/points.api.ts';
import { daysLeft, type UsagePlan } from '../../../sync/points/plans.ts';
import { ApiError, api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { formatNumber } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { useModal } from '../../ui/modal.tsx';
import { toast } from '../../ui/toast.tsx';
import { profileStore, useProfile } from '../auth/profile.ts';
import { ChargePopup } from './ChargePopup.tsx';
import { newIdempotencyKey } from './idempotency-key.ts';
import { afterModalClosed } from './modal-chain.ts';
import { PurchaseInfoMissing } from './PurchaseInfoMissing.tsx';
import { usePurchaseInfo } from './purchase-info.ts';
import { usePlanText } from './usePlanText.ts';

const KINDS: UsagePlan['kind'][] = ['days', 'made', 'push', 'madePush'];

function PlanGroup({
  kind,
  plans,
  selected,
  onSelect,
}: {
  kind: UsagePlan['kind'];
  plans: UsagePlan[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useLingui();
  const text = usePlanText();
  if (plans.length === 0) return null;
  return (
    <fieldset className="option-list">
      <legend>{text.groupTitle(kind)}</legend>
      {plans.map((plan) => {
        const points = formatNumber(plan.points);
        const note = text.note(plan);
        return (
          <label key={plan.id} className="option">
            <input
              type="radio"
              name="plan"
              checked={selected === plan.id}
              onChange={() => onSelect(plan.id)}
            />
            <span className="option__title">{text.title(plan)}</span>
            <span className="option__price">{t`${points}P`}</span>
            {note ? <span className="option__note">{note}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * Spec §2 usage extension: the 13 plans of §9. Not enough points opens the insufficient-points
 * confirm that leads to charging; after a purchase the profile reloads and the popup closes.
 */
export function UsageExtensionPopup({ close }: { close: () => void }) {
  const { t } = useLingui();
  const info = usePurchaseInfo();
  const profile = useProfile();
  const confirm = useConfirm();
  const modal = useModal();
  const text = usePlanText();
  const [selected, setSelected] = useState<string | null>(null);
  const { run, pending: busy } = useCall();
  // A retry after a lost answer sends the same key, so it cannot charge twice.
  const attempt = useRef<{ planId: string; key: string } | null>(null);

  const free = info?.ticket_price === 'F';
  const plans = (info?.plans ?? []).filter((p) => !(free && p.kind === 'days'));
  const balance = Math.max(0, profile?.point ?? 0);
  const days = daysLeft({ usageDate: profile?.usage_date ?? null, now: new Date() });

  const buy = async () => {
    const plan = plans.find((p) => p.id === selected);
    if (!plan) return toast(t`Please choose a plan.`);
    const title = text.title(plan);
    const points = formatNumber(plan.points);
    if (plan.points > balance) {
      if (await confirm(t`Not enough points. Charge points now?`, { confirmLabel: t`Charge points` })) {
        await afterModalClosed();
        modal.open((c) => <ChargePopup close={c} />);
      }
      return;
    }
    if (!(await confirm(t`Buy ${title} for ${points}P?`, { confirmLabel: t`Buy` }))) return;
    await afterModalClosed();
    if (attempt.current?.planId !== plan.id) attempt.current = { planId: plan.id, key: newIdempotencyKey() };
    const key = attempt.current.key;
    const bought = await run(
      () =>
        api(buyPeriodCall, { period: plan.period, made: plan.made, push: plan.push, idempotency_key: key }),
      {
        // A refusal is final: a new try is a new purchase. A lost answer keeps the key for the retry.
        onError: (err) => {
          if (err instanceof ApiError) attempt.current = null;
        },
      },
    );
    if (!bought) return;
    attempt.current = null;
    await profileStore.refresh().catch(() => {});
    close();
  };

  const made = profile?.made_count ?? 0;
  const push = profile?.push_count ?? 0;
  const pointText = formatNumber(balance);
  return (
    <div className="form">
      <h2 className="modal__title">{t`Usage extension`}</h2>
      <p className="muted">
        {t`Points: ${pointText}P`} ·{' '}
        {free ? (
          t`Usage: free`
        ) : days > 0 ? (
          <Plural value={days} one="# day left" other="# days left" />
        ) : profile?.usage_date ? (
          t`Usage expired`
        ) : (
          t`No ticket yet`
        )}{' '}
        · {t`made+ ${made} · push ${push}`}
      </p>
      {free ? (
        <p className="banner banner--warn">{t`Usage is free at the moment; alerts can still be bought.`}</p>
      ) : null}
      {info === null ? <PurchaseInfoMissing /> : null}
      {KINDS.map((kind) => (
        <PlanGroup
          key={kind}
          kind={kind}
          plans={plans.filter((p) => p.kind === kind)}
          selected={selected}
          onSelect={setSelected}
        />
      ))}
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Cancel`}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || info === null}
          onClick={() => void buy()}
        >
          {t`Buy`}
        </button>
      </div>
    </div>
  );
}
