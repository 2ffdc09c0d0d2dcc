import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { FormDong, FormHo } from '../../../sync/sites/registration.ts';

const FloorRow = memo(function FloorRow({ floor, units, dongName, onUnit, onAdd }: RowProps) {
  const { t } = useLingui();
  return (
    <li className="reg-floor" aria-label={t`Floor ${floor}`}>
      <span className="reg-floor__label">{t`${floor}F`}</span>
      <div className="reg-floor__units">
        {units.map(({ unit, index }) => (
          <button
            key={`${unit.f_ho}-${index}`}
            type="button"
            className={`reg-unit${unit.f_trans_type ? '' : ' reg-unit--blank'}${unit.f_image_urls.length > 0 ? ' reg-unit--photo' : ''}`}
            onClick={() => onUnit(index)}
            // The number shown stays a word of its own in the name ("101동 1501 호"): a voice user says what they see.
            aria-label={t`${dongName} unit ${unit.f_ho}`}
          >
            {unit.f_ho}
          </button>
        ))}
        <button
          type="button"
          className="reg-unit reg-unit--add"
          onClick={() => onAdd(floor)}
          aria-label={t`Add a unit on floor ${floor}`}
        >
          +
        </button>
      </div>
    </li>
  );
}, sameRow);

type RowProps = {
  floor: number;
  units: ReadonlyArray<{ unit: FormHo; index: number }>;
  dongName: string;
  onUnit: (index: number) => void;
  onAdd: (floor: number) => void;
};

/** A row is the same when its units are the same objects at the same places (edits replace a unit). */
function sameRow(a: RowProps, b: RowProps): boolean {
  return (
    a.floor === b.floor &&
    a.dongName === b.dongName &&
    a.onUnit === b.onUnit &&
    a.onAdd === b.onAdd &&
    a.units.length === b.units.length &&
    a.units.every((u, i) => u.unit === b.units[i]?.unit && u.index === b.units[i]?.index)
  );
}

/**
 * The per-floor unit buttons of one building (spec §2 step 2), top floor first. Each floor
 * row only re-renders when its own units change, so a building of 30 floors stays quick.
 */
export function FloorGrid({
  dong,
  onUnit,
  onAdd,
}: {
  dong: FormDong;
  onUnit: (index: number) => void;
  onAdd: (floor: number) => void;
}) {
  const { t } = useLingui();
  const byFloor = new Map<number, Array<{ unit: FormHo; index: number }>>();
  dong.hos.forEach((unit, index) => {
    const list = byFloor.get(unit.f_floor) ?? [];
    list.push({ unit, index });
    byFloor.set(unit.f_floor, list);
  });
  const floors = Array.from({ length: dong.f_floor_count }, (_, i) => dong.f_floor_count - i);
  // Units left on floors above a lowered floor count stay visible until moved or removed.
  for (const floor of byFloor.keys()) if (!floors.includes(floor)) floors.unshift(floor);
  return (
    <ol className="reg-floors" aria-label={t`Units of ${dong.f_dong}`}>
      {floors.map((floor) => (
        <FloorRow
          key={floor}
          floor={floor}
          units={byFloor.get(floor) ?? EMPTY}
          dongName={dong.f_dong}
          onUnit={onUnit}
          onAdd={onAdd}
        />
      ))}
    </ol>
  );
}

const EMPTY: ReadonlyArray<{ unit: FormHo; index: number }> = [];
