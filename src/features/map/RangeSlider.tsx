import { useLingui } from '@lingui/react/macro';
import type { Range, SliderSpec } from '../../../sync/map/filter-state.ts';

/** Two thumbs over one scale (spec §9); the top end reads "unlimited". */
export function RangeSlider({
  label,
  spec,
  value,
  onChange,
  format,
}: {
  label: string;
  spec: SliderSpec;
  value: Range;
  onChange: (range: Range) => void;
  format: (v: number) => string;
}) {
  const { t } = useLingui();
  const [lo, hi] = value;
  const top = (v: number) => (v >= spec.max ? t`Unlimited` : format(v));
  return (
    <fieldset className="range">
      <legend className="range__label">
        {label}
        <output className="range__value">
          {lo <= 0 && hi >= spec.max ? t`Any` : `${format(lo)} ~ ${top(hi)}`}
        </output>
      </legend>
      <div className="range__inputs">
        <input
          className="range__slider"
          type="range"
          min={0}
          max={spec.max}
          step={spec.step}
          value={lo}
          aria-label={t`${label} from`}
          onChange={(e) => onChange([Math.min(Number(e.target.value), hi), hi])}
        />
        <input
          className="range__slider"
          type="range"
          min={0}
          max={spec.max}
          step={spec.step}
          value={hi}
          aria-label={t`${label} to`}
          onChange={(e) => onChange([lo, Math.max(Number(e.target.value), lo)])}
        />
      </div>
    </fieldset>
  );
}
