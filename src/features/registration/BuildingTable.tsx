import { Trans, useLingui } from '@lingui/react/macro';
import { Limits } from '../../../sync/constants.ts';
import type { FormDong } from '../../../sync/sites/registration.ts';
import { Icon } from '../../ui/Icon.tsx';
import { CloseIcon } from '../../ui/icons.ts';

/**
 * The building table of step 2 (spec §2, §3 Building): name, floors (up to 30), units per
 * floor (up to 300) and the editable flag of each building; one is selected for the grid.
 */
export function BuildingTable({
  dongs,
  selected,
  onSelect,
  onChange,
  onAdd,
  onRemove,
}: {
  dongs: readonly FormDong[];
  selected: number;
  onSelect: (index: number) => void;
  onChange: (index: number, patch: Partial<FormDong>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useLingui();
  const clamp = (text: string, max: number) => Math.min(max, Math.max(1, Math.round(Number(text) || 1)));
  return (
    <section className="card reg-section" aria-label={t`Buildings`}>
      {/* One building a row: its four fields on a line, its actions under them, so a phone shows all. */}
      <div className="reg-building reg-building--head" aria-hidden="true">
        <span>
          <Trans>Building</Trans>
        </span>
        <span>
          <Trans>Floors</Trans>
        </span>
        <span>
          <Trans>Units per floor</Trans>
        </span>
        <span>
          <Trans>Editable</Trans>
        </span>
      </div>
      <ul className="reg-buildings" aria-label={t`Buildings`}>
        {dongs.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row keeps its inputs while its name is typed; buildings have no id before they are saved
          <li key={i} className={i === selected ? 'reg-building is-selected' : 'reg-building'}>
            <input
              aria-label={t`Building ${i + 1} name`}
              value={d.f_dong}
              maxLength={50}
              onFocus={() => onSelect(i)}
              onChange={(e) => onChange(i, { f_dong: e.target.value })}
            />
            <input
              aria-label={t`Building ${i + 1} floors`}
              type="number"
              inputMode="numeric"
              min={1}
              max={Limits.maxFloors}
              value={d.f_floor_count}
              onFocus={() => onSelect(i)}
              onChange={(e) => onChange(i, { f_floor_count: clamp(e.target.value, Limits.maxFloors) })}
            />
            <input
              aria-label={t`Building ${i + 1} units per floor`}
              type="number"
              inputMode="numeric"
              min={1}
              max={Limits.maxUnitsPerFloor}
              value={d.f_units_per_floor}
              onFocus={() => onSelect(i)}
              onChange={(e) =>
                onChange(i, { f_units_per_floor: clamp(e.target.value, Limits.maxUnitsPerFloor) })
              }
            />
            <input
              aria-label={t`Building ${i + 1} editable`}
              type="checkbox"
              checked={d.f_editable === 'Y'}
              onChange={(e) => onChange(i, { f_editable: e.target.checked ? 'Y' : 'N' })}
            />
            <div className="reg-building__actions">
              <button
                type="button"
                className="button button--small"
                aria-pressed={i === selected}
                onClick={() => onSelect(i)}
              >
                <Trans>Show units</Trans>
              </button>
              <button
                type="button"
                className="button button--small"
                aria-label={t`Remove building ${d.f_dong || i + 1}`}
                onClick={() => onRemove(i)}
              >
                <Icon data={CloseIcon} size={16} />
              </button>
            </div>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--small" onClick={onAdd}>
        <Trans>Add building</Trans>
      </button>
    </section>
  );
}
