import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import './groups.css';
import { Icon } from '../../ui/Icon.tsx';
import { ChevronDownIcon } from '../../ui/icons.ts';

export interface PickerGroup {
  f_idx: number;
  f_name: string;
}

/**
 * Spec §2/§9 group select: a dropdown of the member's groups, at most 5 rows of 45px before
 * it scrolls. `allLabel` adds a first row for "every group" (value null).
 */
export function GroupPicker({
  groups,
  value,
  onChange,
  label,
  allLabel,
  disabled = false,
}: {
  groups: readonly PickerGroup[];
  value: number | null;
  onChange: (groupIdx: number | null) => void;
  label: string;
  allLabel?: string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const valueId = useId();
  const rows: Array<{ f_idx: number | null; f_name: string }> = [
    ...(allLabel !== undefined ? [{ f_idx: null, f_name: allLabel }] : []),
    ...groups,
  ];
  const current = rows.find((g) => g.f_idx === value);
  const pick = (idx: number | null) => {
    setOpen(false);
    onChange(idx);
  };
  return (
    <div className="group-picker">
      <button
        type="button"
        className="group-picker__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-describedby={valueId}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        {/* Named by its visible label (WCAG 2.5.3 label in name); the chosen group is the value, read as its description. */}
        <span className="group-picker__text">
          <span className="group-picker__label">{label}</span>
          <span id={valueId} className="group-picker__value" aria-hidden="true">
            {current?.f_name ?? t`Choose a group`}
          </span>
        </span>
        <Icon data={ChevronDownIcon} size={18} />
      </button>
      {open ? (
        <div id={listId} className="group-picker__list" role="listbox" aria-label={label}>
          {rows.map((g) => (
            <div
              key={g.f_idx ?? 'all'}
              role="option"
              aria-selected={g.f_idx === value}
              tabIndex={0}
              className="group-picker__option"
              onClick={() => pick(g.f_idx)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  pick(g.f_idx);
                }
                if (e.key === 'Escape') setOpen(false);
              }}
            >
              {g.f_name}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
