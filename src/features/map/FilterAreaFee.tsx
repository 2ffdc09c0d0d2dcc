import { Trans, useLingui } from '@lingui/react/macro';
import { SQM_PER_PYEONG } from '../../../sync/constants.ts';
import { SLIDERS } from '../../../sync/map/filter-state.ts';
import { FEE_TYPES } from '../../../sync/map/query.ts';
import { formatNumber } from '../../lib/format.ts';
import { type SectionProps, toggle } from './filter-section.ts';
import { feeLabels } from './labels.ts';
import { RangeSlider } from './RangeSlider.tsx';

/** Area in 평 (with ㎡), exclusive or real (supply). */
export function FilterArea({ filter, set }: SectionProps) {
  const { t } = useLingui();
  const pyeong = (v: number) => `${v}${t`py`} (${formatNumber(Math.round(v * SQM_PER_PYEONG))}㎡)`;
  const types = [
    ['', t`Any`],
    ['E', t`Exclusive area`],
    ['R', t`Real (supply) area`],
  ] as const;
  return (
    <div className="filter-section">
      <fieldset className="chips">
        <legend>
          <Trans>Area type</Trans>
        </legend>
        {types.map(([value, label]) => (
          <label key={value} className="chip">
            <input
              type="radio"
              name="area-type"
              checked={filter.areaType === value}
              onChange={() => set({ areaType: value })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {filter.areaType === 'E' ? (
        <RangeSlider
          label={t`Exclusive area`}
          spec={SLIDERS.exclusive}
          value={filter.exclusive}
          onChange={(exclusive) => set({ exclusive })}
          format={pyeong}
        />
      ) : null}
      {filter.areaType === 'R' ? (
        <RangeSlider
          label={t`Real (supply) area`}
          spec={SLIDERS.real}
          value={filter.real}
          onChange={(real) => set({ real })}
          format={pyeong}
        />
      ) : null}
    </div>
  );
}

/** Agent fee types and the fee range (백만원). */
export function FilterFee({ filter, set }: SectionProps) {
  const { t, i18n } = useLingui();
  return (
    <div className="filter-section">
      <fieldset className="chips">
        <legend>
          <Trans>Fee type</Trans>
        </legend>
        {FEE_TYPES.map((f) => (
          <label key={f} className="chip">
            <input
              type="checkbox"
              checked={filter.feeTypes.includes(f)}
              onChange={() => set({ feeTypes: toggle(filter.feeTypes, f) })}
            />
            {i18n._(feeLabels[f])}
          </label>
        ))}
      </fieldset>
      <RangeSlider
        label={t`Fee`}
        spec={SLIDERS.fee}
        value={filter.fee}
        onChange={(fee) => set({ fee })}
        format={(v) => (v <= 0 ? '0' : `${formatNumber(v)}${t`M won`}`)}
      />
    </div>
  );
}
