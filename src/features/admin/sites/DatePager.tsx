import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../../ui/Icon.tsx';
import { BackIcon, NextIcon } from '../../../ui/icons.ts';
import { seoulToday } from '../../map/saved-view.ts';

export type PagerDate = { unit: 'all' } | { unit: 'day' | 'month'; value: string };

/** Moves a YYYY-MM-DD date by days or months (months keep day 1). */
function shift({ value, unit, step }: { value: string; unit: 'day' | 'month'; step: number }): string {
  const d = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (unit === 'day') d.setUTCDate(d.getUTCDate() + step);
  else d.setUTCMonth(d.getUTCMonth() + step, 1);
  return d.toISOString().slice(0, 10);
}

/** The admin site screen's day/month paginator (Seoul dates), or every date. */
export function DatePager({ value, onChange }: { value: PagerDate; onChange: (next: PagerDate) => void }) {
  const { t } = useLingui();
  const today = seoulToday();
  return (
    <div className="row wrap date-pager">
      <select
        className="input"
        aria-label={t`Period`}
        value={value.unit}
        onChange={(e) => {
          const unit = e.target.value as PagerDate['unit'];
          onChange(
            unit === 'all' ? { unit } : { unit, value: unit === 'month' ? `${today.slice(0, 7)}-01` : today },
          );
        }}
      >
        <option value="all">{t`All dates`}</option>
        <option value="day">{t`By day`}</option>
        <option value="month">{t`By month`}</option>
      </select>
      {value.unit !== 'all' ? (
        <>
          <button
            type="button"
            className="button button--small"
            aria-label={value.unit === 'day' ? t`Previous day` : t`Previous month`}
            onClick={() =>
              onChange({ ...value, value: shift({ value: value.value, unit: value.unit, step: -1 }) })
            }
          >
            <Icon data={BackIcon} size={18} />
          </button>
          <span data-testid="pager-date">{value.unit === 'day' ? value.value : value.value.slice(0, 7)}</span>
          <button
            type="button"
            className="button button--small"
            aria-label={value.unit === 'day' ? t`Next day` : t`Next month`}
            onClick={() =>
              onChange({ ...value, value: shift({ value: value.value, unit: value.unit, step: 1 }) })
            }
          >
            <Icon data={NextIcon} size={18} />
          </button>
        </>
      ) : null}
    </div>
  );
}
