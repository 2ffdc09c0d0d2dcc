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
      <div className="table-scroll">
        <table className="reg-buildings">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Building</Trans>
              </th>
              <th scope="col">
                <Trans>Floors</Trans>
              </th>
              <th scope="col">
                <Trans>Units per floor</Trans>
              </th>
              <th scope="col">
                <Trans>Editable</Trans>
              </th>
              <th scope="col">
                <span className="sr-only">{t`Actions`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {dongs.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row keeps its inputs while its name is typed; buildings have no id before they are saved
              <tr key={i} className={i === selected ? 'is-selected' : undefined}>
                <td>
                  <input
                    aria-label={t`Building ${i + 1} name`}
                    value={d.f_dong}
                    maxLength={50}
                    onFocus={() => onSelect(i)}
                    onChange={(e) => onChange(i, { f_dong: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={t`Building ${i + 1} floors`}
                    type="number"
                    min={1}
                    max={Limits.maxFloors}
                    value={d.f_floor_count}
                    onFocus={() => onSelect(i)}
                    onChange={(e) => onChange(i, { f_floor_count: clamp(e.target.value, Limits.maxFloors) })}
                  />
                </td>
                <td>
                  <input
                    aria-label={t`Building ${i + 1} units per floor`}
                    type="number"
                    min={1}
                    max={Limits.maxUnitsPerFloor}
                    value={d.f_units_per_floor}
                    onFocus={() => onSelect(i)}
                    onChange={(e) =>
                      onChange(i, { f_units_per_floor: clamp(e.target.value, Limits.maxUnitsPerFloor) })
                    }
                  />
                </td>
                <td>
                  <input
                    aria-label={t`Building ${i + 1} editable`}
                    type="checkbox"
                    checked={d.f_editable === 'Y'}
                    onChange={(e) => onChange(i, { f_editable: e.target.checked ? 'Y' : 'N' })}
                  />
                </td>
                <td className="row">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="button button--small" onClick={onAdd}>
        <Trans>Add building</Trans>
      </button>
    </section>
  );
}
