import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { defaultOpenDate, openDateYears } from '../../../sync/sites/registration.ts';
import { FieldProblem, useFieldProblem } from '../../ui/field-problems.tsx';

/** Open date (spec §9): years from 5 ahead to 50 back, January 1 of this year by default. */
export function OpenDateSection({
  value,
  onChange,
  disabled = false,
}: {
  value: string | null;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const yearId = useId();
  const monthId = useId();
  const now = new Date();
  const date = value ?? defaultOpenDate(now);
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) || 1;
  const { controlProps } = useFieldProblem('f_open_date');
  const set = (y: number, m: number) => onChange(`${y}-${String(m).padStart(2, '0')}-01`);
  return (
    <section className="card reg-section" aria-label={t`Open date`}>
      <div className="field-pair field-pair--even">
        <div className="field">
          <label htmlFor={yearId}>{t`Open year`}</label>
          <select
            id={yearId}
            value={year}
            disabled={disabled}
            {...controlProps}
            onChange={(e) => set(Number(e.target.value), month)}
          >
            {openDateYears(now).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={monthId}>{t`Open month`}</label>
          <select
            id={monthId}
            value={month}
            disabled={disabled}
            onChange={(e) => set(year, Number(e.target.value))}
          >
            {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldProblem field="f_open_date" />
    </section>
  );
}
