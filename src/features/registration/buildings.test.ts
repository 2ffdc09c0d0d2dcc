import { describe, expect, it } from 'vitest';
import { emptyUnit, type FormDong } from '../../../sync/sites/registration.ts';
import { building, generalSite } from '../../../tests/support/registration-data.ts';
import {
  blankUnit,
  canAddUnit,
  copyToFloors,
  fillFloors,
  newBuilding,
  nextUnitName,
  withUnit,
} from './buildings.ts';
import { backSteps } from './navigation.ts';
import { checkBuildings, checkStep1 } from './validate.ts';

const template = {
  ...emptyUnit({ floor: 1, name: '' }),
  f_trans_type: '0',
  f_sale_price: 50000,
  f_room: 3,
  f_toilet: 2,
};

function empty(floors: number, perFloor: number): FormDong {
  return {
    ...newBuilding({ name: '101동', registered: false }),
    f_floor_count: floors,
    f_units_per_floor: perFloor,
  };
}

describe('step 2 buildings', () => {
  it('fills every floor with its declared units, named by floor and position, in the server’s order', () => {
    const filled = fillFloors({ dong: empty(10, 4), template });
    expect(filled.hos).toHaveLength(40);
    expect(filled.hos.slice(0, 5).map((h) => h.f_ho)).toEqual(['101', '102', '103', '104', '201']);
    expect(filled.hos.at(-1)).toMatchObject({
      f_floor: 10,
      f_ho: '1004',
      f_sale_price: 50000,
      f_complete: 'N',
    });
  });

  it('keeps the units already placed when filling the rest', () => {
    const start = withUnit({
      dong: empty(2, 2),
      unit: { ...template, f_floor: 1, f_ho: '101', f_sale_price: 1 },
      index: null,
    });
    const filled = fillFloors({ dong: start, template });
    expect(filled.hos.map((h) => [h.f_ho, h.f_sale_price])).toEqual([
      ['101', 1],
      ['102', 50000],
      ['201', 50000],
      ['202', 50000],
    ]);
  });

  it('gives a new building of a registered site the index -1 and a draft’s none', () => {
    expect(newBuilding({ name: '103동', registered: true }).f_idx).toBe(-1);
    expect('f_idx' in newBuilding({ name: '103동', registered: false })).toBe(false);
  });

  it('names a unit added on a floor after the ones there, and refuses one beyond the declared count', () => {
    const dong = building({ name: '101동', floors: 2, perFloor: 2 });
    expect(nextUnitName({ dong: { ...dong, hos: dong.hos.slice(1) }, floor: 1 })).toBe('101');
    expect(blankUnit({ dong: empty(3, 3), floor: 3 }).f_ho).toBe('301');
    expect(canAddUnit(dong)).toBe('dongLimit');
    expect(canAddUnit({ ...dong, f_dong: ' ', hos: [] })).toBe('dongNameRequired');
    expect(canAddUnit({ ...dong, hos: [] })).toBeNull();
  });

  it('copies a floor onto several floors, renumbering each, and stops at the first refusal changing nothing', () => {
    const one = { ...empty(10, 4), hos: building({ name: '102동', floors: 1, perFloor: 4 }).hos };
    const copied = copyToFloors({ dong: one, source: 1, targets: [2, 3, 10], mode: 'A' });
    if (copied.kind !== 'copied') throw new Error(copied.kind);
    expect(copied.floors).toEqual([2, 3, 10]);
    expect(copied.dong.hos.filter((h) => h.f_floor === 10).map((h) => h.f_ho)).toEqual([
      '1001',
      '1002',
      '1003',
      '1004',
    ]);

    const crowded = { ...copied.dong, f_floor_count: 10, f_units_per_floor: 1 };
    expect(copyToFloors({ dong: crowded, source: 1, targets: [4], mode: 'A' })).toEqual({
      kind: 'error',
      rule: 'copyBuildingLimit',
      floor: 4,
    });
    expect(copyToFloors({ dong: one, source: 1, targets: [5], mode: 'P' })).toEqual({
      kind: 'error',
      rule: 'copyPhotoTargetEmpty',
      floor: 5,
    });
    expect(copyToFloors({ dong: one, source: 4, targets: [5], mode: 'A' })).toEqual({ kind: 'noop' });
  });
});

describe('going back after a registration (spec §4)', () => {
  it('goes back once, twice when the address changed, three times from step 2 when it changed', () => {
    expect(backSteps({ addressChanged: false, fromStep2: false })).toBe(1);
    expect(backSteps({ addressChanged: true, fromStep2: false })).toBe(2);
    expect(backSteps({ addressChanged: true, fromStep2: true })).toBe(3);
    expect(backSteps({ addressChanged: false, fromStep2: true })).toBe(2);
  });
});

describe('the form’s checks', () => {
  const now = new Date();
  it('asks for the group only when registering and the member has groups', () => {
    const site = generalSite();
    expect(checkStep1({ fields: site, now, groupsCount: 0, registering: true })).toBeNull();
    expect(checkStep1({ fields: site, now, groupsCount: 2, registering: true })?.field).toBe('f_group_idx');
    expect(checkStep1({ fields: site, now, groupsCount: 2, registering: false })).toBeNull();
  });

  it('answers the first rule in the order of spec §5', () => {
    const problem = checkStep1({
      fields: generalSite({ f_name: '', contacts: [] }),
      now,
      groupsCount: 0,
      registering: true,
    });
    expect(problem?.field).toBe('f_name');
  });

  it('names the building and unit a unit rule is about', () => {
    const dong = building({ name: '101동', floors: 1, perFloor: 2 });
    const broken = { ...dong, hos: dong.hos.map((h, i) => (i === 1 ? { ...h, f_trans_type: '' } : h)) };
    expect(checkBuildings(generalSite({ f_site_type: 'O', dongs: [broken] }))).toMatchObject({
      field: 'f_trans_type',
      dong: 0,
      ho: 1,
    });
  });
});
