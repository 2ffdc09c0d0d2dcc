import { useLingui } from '@lingui/react/macro';
import { CheckField } from '../../ui/form-fields.tsx';

export type PaidOption = 'made' | 'push';

/**
 * Made+ and push on a post or a notification (spec §4), each with what it costs. Turning one on
 * is the form's to confirm (`onToggle`); `order` is the form's.
 */
export function PaidOptions({
  order,
  costs,
  isOn,
  onToggle,
  disabled = false,
}: {
  order: readonly PaidOption[];
  costs: { made: number; push: number } | null | undefined;
  isOn: (option: PaidOption) => boolean;
  onToggle: (option: PaidOption, on: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const labels = {
    made: t`Made+ (top for 24 hours, ${costs?.made ?? 0}P)`,
    push: t`Push (${costs?.push ?? 0}P)`,
  };
  return order.map((option) => (
    <CheckField
      key={option}
      name={option}
      disabled={disabled}
      checked={isOn(option)}
      onChange={(on) => onToggle(option, on)}
    >
      {labels[option]}
    </CheckField>
  ));
}
