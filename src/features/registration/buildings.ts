import {
  emptyUnit,
  type FormDong,
  type FormHo,
  sortUnits,
  unitName,
} from '../../../sync/sites/registration.ts';
import {
  type CopyFloorResult,
  type CopyFloorRuleId,
  checkAddUnit,
  copyFloor,
  type UnitRuleId,
} from '../../../sync/sites/rules.ts';

/**
 * Step 2 (spec §2 Registration step 2) as plain functions on the buildings list: what the
 * building table, the floor grid, "fill floors" and the copy-floor tool do. Units are kept
 * in the server's order (floor, name) so the list compares equal on both sides.
 */

export function newBuilding({ name, registered }: { name: string; registered: boolean }): FormDong {
  return {
    // A new building of a registered site is -1 (spec §3 Building); a draft's buildings have no ids.
    ...(registered ? { f_idx: -1 } : {}),
    f_dong: name,
    f_floor_count: 1,
    f_units_per_floor: 1,
    f_editable: 'Y',
    hos: [],
  };
}

/** The next free unit name on a floor: 1001, 1002, … for floor 10. */
export function nextUnitName({ dong, floor }: { dong: FormDong; floor: number }): string {
  const taken = new Set(dong.hos.filter((h) => h.f_floor === floor).map((h) => h.f_ho));
  for (let position = 1; ; position++) {
    const name = unitName({ floor, position });
    if (!taken.has(name)) return name;
  }
}

/** Adding a unit (spec §5): the building needs a name and room under its declared count. */
export function canAddUnit(dong: FormDong): UnitRuleId | null {
  return checkAddUnit(dong)?.rule ?? null;
}

export function withUnit({
  dong,
  unit,
  index,
}: {
  dong: FormDong;
  unit: FormHo;
  index: number | null;
}): FormDong {
  const hos = index === null ? [...dong.hos, unit] : dong.hos.map((h, i) => (i === index ? unit : h));
  return { ...dong, hos: sortUnits(hos) };
}

export function withoutUnit({ dong, index }: { dong: FormDong; index: number }): FormDong {
  return { ...dong, hos: dong.hos.filter((_, i) => i !== index) };
}

/**
 * "Fill floors": every floor of the building gets its declared number of units, named by
 * floor and position, with the template's values; units already there stay as they are.
 * Two buildings of 10 floors and 4 units are built with two presses, then edited in place.
 */
export function fillFloors({ dong, template }: { dong: FormDong; template: FormHo }): FormDong {
  const existing = new Set(dong.hos.map((h) => `${h.f_floor}|${h.f_ho}`));
  const { f_idx: _id, ...values } = template;
  const added: FormHo[] = [];
  for (let floor = 1; floor <= dong.f_floor_count; floor++) {
    for (let position = 1; position <= dong.f_units_per_floor; position++) {
      const name = unitName({ floor, position });
      if (existing.has(`${floor}|${name}`)) continue;
      added.push({
        ...values,
        f_floor: floor,
        f_ho: name,
        f_image_urls: [...values.f_image_urls],
        f_complete: 'N',
      });
    }
  }
  const room = dong.f_floor_count * dong.f_units_per_floor - dong.hos.length;
  return { ...dong, hos: sortUnits([...dong.hos, ...added.slice(0, Math.max(0, room))]) };
}

export type CopyOutcome =
  | { kind: 'copied'; dong: FormDong; floors: number[] }
  | { kind: 'noop' }
  | { kind: 'error'; rule: CopyFloorRuleId; floor: number };

/**
 * The copy-floor tool (spec §4/§5) onto one or more floors, in order: all (A, renumbered to
 * the target floor) or photos only (P). Stops at the first floor a rule refuses, and then
 * nothing is changed.
 */
export function copyToFloors({
  dong,
  source,
  targets,
  mode,
}: {
  dong: FormDong;
  source: number;
  targets: readonly number[];
  mode: 'A' | 'P';
}): CopyOutcome {
  let current = dong;
  const copied: number[] = [];
  for (const target of targets) {
    const result: CopyFloorResult<FormHo> = copyFloor({ building: current, source, target, mode });
    if (result.kind === 'error') return { kind: 'error', rule: result.rule, floor: target };
    if (result.kind === 'noop') continue;
    current = { ...current, hos: sortUnits(result.hos) };
    copied.push(target);
  }
  return copied.length === 0 ? { kind: 'noop' } : { kind: 'copied', dong: current, floors: copied };
}

export function blankUnit({ dong, floor }: { dong: FormDong; floor: number }): FormHo {
  return emptyUnit({ floor, name: nextUnitName({ dong, floor }) });
}
