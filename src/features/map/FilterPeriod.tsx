import { Trans, useLingui } from '@lingui/react/macro';
import { PERIOD_TYPES, type PeriodType, SLIDERS, withPeriodType } from '../../../sync/map/filter-state.ts';
import type { SectionProps } from './filter-section.ts';
import { RangeSlider } from './RangeSlider.tsx';

/** Registration date (months ago) and open date (age, ±months, or a chosen period). */
export function FilterPeriod({ filter, set, today }: SectionProps & { today: string }) {
  const { t } = useLingui();
  const year = Number(today.slice(0, 4));
  const periodLabel = (p: PeriodType) =>
    p === 0 ? t`All` : p === -1 ? t`Chosen period` : t`Within ${p} months`;
  return (
    <div className="filter-section">
      <RangeSlider
        label={t`Registered`}
        spec={SLIDERS.regMonths}
        value={filter.regMonths}
        onChange={(regMonths) => set({ regMonths })}
        format={(v) => (v <= 0 ? t`Now` : t`${v} months ago`)}
      />
      <fieldset className="chips">
        <legend>
          <Trans>Open date</Trans>
        </legend>
        <select
          aria-label={t`Open date`}
          value={filter.periodType}
          onChange={(e) => set(withPeriodType(filter, Number(e.target.value) as PeriodType))}
        >
          {PERIOD_TYPES.map((p) => (
            <option key={p} value={p}>
              {periodLabel(p)}
            </option>
          ))}
        </select>
      </fieldset>
      {filter.periodType === 0 ? (
        <RangeSlider
          label={t`Building age`}
          spec={SLIDERS.openYears}
          value={filter.openYears}
          onChange={(openYears) => set({ openYears })}
          format={(v) => t`${v} years`}
        />
      ) : null}
      {filter.periodType === -1 ? (
        <div className="row">
          <input
            type="month"
            aria-label={t`From`}
            min={`${year - 50}-01`}
            max={`${year + 5}-12`}
            value={filter.openFrom}
            onChange={(e) => e.target.value && set({ openFrom: e.target.value })}
          />
          <span>~</span>
          <input
            type="month"
            aria-label={t`To`}
            min={`${year - 50}-01`}
            max={`${year + 5}-12`}
            value={filter.openTo}
            onChange={(e) => e.target.value && set({ openTo: e.target.value })}
          />
        </div>
      ) : null}
    </div>
  );
}
