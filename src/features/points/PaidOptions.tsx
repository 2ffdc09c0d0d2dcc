import { useLingui } from '@lingui/react/macro';
import type { PaidWith } from '../../../sync/points/paid-options.ts';
import { CheckField } from '../../ui/form-fields.tsx';
import { useCostText } from './cost-text.ts';

export type PaidOption = 'made' | 'push';

/**
 * Made+ and push on a post or a notification (spec §4), each with what it uses, in the words its
 * confirmation uses too (./cost-text.ts). Turning one on is the form's to confirm (`onToggle`);
 * `order` is the form's.
 */
export function PaidOptions({
  order,
  paid,
  isOn,
  onToggle,
  disabled = false,
}: {
  order: readonly PaidOption[];
  /** What each option uses; null while the costs are not known yet. */
  paid: Record<PaidOption, PaidWith> | null;
  isOn: (option: PaidOption) => boolean;
  onToggle: (option: PaidOption, on: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const { uses } = useCostText();
  const names = { made: t`Made+ (top for 24 hours)`, push: t`Push` };
  return order.map((option) => (
    <CheckField
      key={option}
      name={option}
      disabled={disabled}
      checked={isOn(option)}
      onChange={(on) => onToggle(option, on)}
    >
      {paid ? `${names[option]}: ${uses(paid[option])}` : names[option]}
    </CheckField>
  ));
}
