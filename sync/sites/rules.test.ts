import { describe, expect, it } from 'vitest';
import {
  checkAddUnit,
  checkAreaEntry,
  checkRegistration,
  checkUnit,
  checkUnregistered,
  copyFloor,
  normalizeRegistration,
  normalizeUnit,
  remainingUnits,
  roomLabel,
  type SiteRuleInput,
  sanitizeUnitName,
  type UnitInput,
} from './rules.ts';

function validSite(overrides: Partial<SiteRuleInput> = {}): SiteRuleInput {
  return {
    f_site_type: 'G',
    f_name: '역삼 그린빌',
    f_address1: '서울특별시 강남구 역삼동 123-4',
    f_address2: '',
    contacts: [{ f_name: '김분양', f_phone: '01012345678' }],
    f_maemul_type: '0',
    f_dong_count: 0,
    f_house_count: 0,
    f_transaction_type: '0',
    f_sale_price_min: 35000,
    f_sale_price_max: 38000,
    f_collateral_price_min: 0,
    f_collateral_price_max: 0,
    f_charter_price_min: 0,
    f_charter_price_max: 0,
    f_invest_price_min: 0,
    f_invest_price_max: 0,
    f_monthly_deposit_min: 0,
    f_monthly_deposit_max: 0,
    f_monthly_rent_min: 0,
    f_monthly_rent_max: 0,
    f_site_inquire_sale: 'N',
    f_site_inquire_charter: 'N',
    f_site_inquire_invest: 'N',
    f_site_inquire_monthly: 'N',
    f_room_num: 2,
    f_toilet_num: 1,
    f_elevator: 'Y',
    f_fee_type: 'T',
    f_fee_t: 5,
    f_fee_c: 0,
    f_fee_i: 0,
    f_fee_s: 0,
    f_fee_o: 0,
    f_fee_site_inquire_t: 'N',
    f_fee_site_inquire_c: 'N',
    f_fee_site_inquire_i: 'N',
    f_fee_site_inquire_s: 'N',
    f_fee_site_inquire_o: 'N',
    rooms: [
      {
        f_room: 2,
        f_area: 'E',
        f_exclusive_size: 59,
        f_exclusive_pyong: 17.85,
        f_real_size: 79,
        f_real_pyong: 23.9,
      },
    ],
    ...overrides,
  };
}

const contact = { f_name: '김분양', f_phone: '01012345678' };

/** Spec §5 registration step 1, in its order: each rule with an input that breaks only it. */
const registrationCases: Array<[string, Partial<SiteRuleInput>, string]> = [
  ['a site needs a name', { f_name: '  ' }, 'nameRequired'],
  ['a site needs an address line', { f_address1: '', f_address2: '' }, 'addressRequired'],
  ['a site needs at least one contact', { contacts: [] }, 'contactRequired'],
  ['a site takes at most five contacts', { contacts: Array(6).fill(contact) }, 'contactsMax'],
  [
    'a contact needs a name and a phone',
    { contacts: [{ f_name: '', f_phone: '01012345678' }] },
    'contactIncomplete',
  ],
  ['a site needs a property type', { f_maemul_type: '' }, 'maemulTypeRequired'],
  ['a general site takes one property type', { f_maemul_type: '0,1' }, 'maemulTypeSingle'],
  [
    'a new-open site needs buildings or units',
    { f_site_type: 'O', f_dong_count: 0, f_house_count: 0 },
    'complexInfoRequired',
  ],
  ['a general site needs a transaction type', { f_transaction_type: '' }, 'transTypeRequired'],
  ['a chosen sale needs a price', { f_sale_price_min: 0, f_sale_price_max: 0 }, 'salePriceRequired'],
  [
    'a chosen charter needs a price',
    { f_transaction_type: '1', f_charter_price_min: 0, f_charter_price_max: 0 },
    'charterPriceRequired',
  ],
  ['a chosen investment needs a price', { f_transaction_type: '2' }, 'investPriceRequired'],
  [
    'a monthly rent needs both deposit and rent',
    { f_transaction_type: '3', f_monthly_deposit_min: 1000, f_monthly_deposit_max: 1000 },
    'monthlyPriceRequired',
  ],
  ['a general site needs its rooms', { f_room_num: null }, 'roomNumRequired'],
  ['a general site needs its toilets', { f_toilet_num: null }, 'toiletNumRequired'],
  ['a site needs a fee type', { f_fee_type: '' }, 'feeTypeRequired'],
  ['a site needs the elevator answered', { f_elevator: '' as 'Y' }, 'elevatorRequired'],
  ['a site needs an area', { rooms: [] }, 'areaRequired'],
];

describe('registration step 1 rules', () => {
  it('passes a complete general site', () => {
    expect(checkRegistration(validSite())).toBeNull();
  });

  it.each(registrationCases)('%s', (_name, overrides, rule) => {
    expect(checkRegistration(validSite(overrides))?.rule).toBe(rule);
  });

  it('checks in the order of spec §5: the name before the address before the contacts', () => {
    expect(checkRegistration(validSite({ f_name: '', f_address1: '', contacts: [] }))?.rule).toBe(
      'nameRequired',
    );
    expect(checkRegistration(validSite({ f_address1: '', contacts: [] }))?.rule).toBe('addressRequired');
  });

  it('lets a new-open site choose several property types and skip the general-only fields', () => {
    const site = validSite({
      f_site_type: 'O',
      f_maemul_type: '2,4',
      f_dong_count: 2,
      f_house_count: 80,
      f_transaction_type: '',
      f_room_num: null,
      f_toilet_num: null,
    });
    expect(checkRegistration(site)).toBeNull();
  });

  it('does not ask for a price whose inquire flag is set', () => {
    expect(
      checkRegistration(validSite({ f_sale_price_min: 0, f_sale_price_max: 0, f_site_inquire_sale: 'Y' })),
    ).toBeNull();
  });
});

describe('registration normalisation', () => {
  it('adds the typed contact pair when there is room', () => {
    const out = normalizeRegistration(validSite({ contacts: [] }), {
      f_name: '이현장',
      f_phone: '010-2222-3333',
    });
    expect(out.contacts).toEqual([{ f_name: '이현장', f_phone: '01022223333' }]);
    const full = normalizeRegistration(validSite({ contacts: Array(5).fill(contact) }), {
      f_name: '초과',
      f_phone: '01000000000',
    });
    expect(full.contacts).toHaveLength(5);
  });

  it('copies a lone min or max to the other', () => {
    expect(normalizeRegistration(validSite({ f_sale_price_min: 30000, f_sale_price_max: 0 }))).toMatchObject({
      f_sale_price_min: 30000,
      f_sale_price_max: 30000,
    });
    expect(normalizeRegistration(validSite({ f_sale_price_min: 0, f_sale_price_max: 41000 }))).toMatchObject({
      f_sale_price_min: 41000,
      f_sale_price_max: 41000,
    });
  });

  it('zeroes the prices of unchosen types and of inquire-flagged ones', () => {
    const out = normalizeRegistration(
      validSite({
        f_transaction_type: '1',
        f_charter_price_min: 20000,
        f_site_inquire_charter: 'Y',
        f_sale_price_min: 30000,
        f_site_inquire_sale: 'Y',
      }),
    );
    expect(out).toMatchObject({
      f_sale_price_min: 0,
      f_sale_price_max: 0,
      f_site_inquire_sale: 'N',
      f_charter_price_min: 0,
      f_charter_price_max: 0,
    });
  });

  it('sets fee values to 0 when not chosen or on inquiry', () => {
    const out = normalizeRegistration(
      validSite({ f_fee_type: 'T,C', f_fee_t: 5, f_fee_c: 3, f_fee_site_inquire_c: 'Y', f_fee_i: 9 }),
    );
    expect(out).toMatchObject({ f_fee_t: 5, f_fee_c: 0, f_fee_i: 0 });
  });
});

describe('unregistered site rules', () => {
  const base = {
    f_name: '미등록 현장',
    f_address1: '경기도 성남시 분당구 정자동 1',
    f_address2: '',
    contacts: [contact],
    f_fee_type: 'T',
    f_fee_i: null,
  };
  it('passes a complete report', () => {
    expect(checkUnregistered(base)).toBeNull();
  });
  it.each([
    ['needs a name', { f_name: '' }, 'nameRequired'],
    ['needs an address line', { f_address1: '', f_address2: '' }, 'addressRequired'],
    ['needs a contact', { contacts: [{ f_name: '', f_phone: '' }] }, 'contactRequired'],
    ['needs a fee type', { f_fee_type: '' }, 'feeTypeRequired'],
    ['needs the investment fee when I is chosen', { f_fee_type: 'T,I', f_fee_i: null }, 'feeInvestRequired'],
  ] as const)('%s', (_n, overrides, rule) => {
    expect(checkUnregistered({ ...base, ...overrides })?.rule).toBe(rule);
  });
});

function unit(overrides: Partial<UnitInput> = {}): UnitInput {
  return {
    f_floor: 10,
    f_ho: '1001',
    f_room: 3,
    f_toilet: 2,
    f_veranda: 1,
    f_utility_room: 0,
    f_duplex: 'N',
    f_teras: 'N',
    f_exclusive_size: 84,
    f_real_size: 112,
    f_memo: '',
    f_image_urls: [],
    f_complete: 'N',
    f_trans_type: '0',
    f_sale_price: 45000,
    f_collateral_price: 0,
    f_charter_price: 0,
    f_investment_price: 0,
    f_monthly_rent_deposit: 0,
    f_monthly_rent: 0,
    f_inquire_price: 'N',
    f_inquire_charter: 'N',
    f_inquire_investment: 'N',
    f_inquire_month: 'N',
    f_safe_charter: 'N',
    f_smb: 'N',
    ...overrides,
  };
}

describe('unit save rules', () => {
  it.each([
    ['a unit needs a deal type', { f_trans_type: '' }, 'dealTypeRequired'],
    ['a sale needs its price', { f_sale_price: 0 }, 'unitSalePriceRequired'],
    ['a charter needs its price', { f_trans_type: '1' }, 'unitCharterPriceRequired'],
    ['an investment needs its price', { f_trans_type: '2' }, 'unitInvestPriceRequired'],
    [
      'a monthly rent needs deposit and rent',
      { f_trans_type: '3', f_monthly_rent_deposit: 1000 },
      'unitMonthlyPriceRequired',
    ],
    ['a unit needs its rooms', { f_room: null }, 'unitRoomRequired'],
    ['a unit needs its toilets', { f_toilet: null }, 'unitToiletRequired'],
    ['a unit needs a name', { f_ho: '!!' }, 'unitNameRequired'],
  ] as const)('%s', (_n, overrides, rule) => {
    expect(checkUnit(unit(overrides))?.rule).toBe(rule);
  });

  it('accepts a price on inquiry instead of a number', () => {
    expect(checkUnit(unit({ f_sale_price: 0, f_inquire_price: 'Y' }))).toBeNull();
  });

  it('keeps only Korean letters, digits, Latin letters and hyphens in unit names', () => {
    expect(sanitizeUnitName('101동 1001호!')).toBe('101동1001호');
    expect(sanitizeUnitName('B-12 (상가)')).toBe('B-12상가');
  });

  it('shows room code 0 as 1 and 1 as 1.5', () => {
    expect([0, 1, 2, 4].map(roomLabel)).toEqual(['1', '1.5', '2', '4']);
  });

  it('resets unchosen deal types and zeroes inquired prices on save; a new unit is not complete', () => {
    const out = normalizeUnit(
      unit({
        f_trans_type: '1',
        f_sale_price: 45000,
        f_inquire_price: 'Y',
        f_charter_price: 30000,
        f_inquire_charter: 'Y',
        f_complete: 'Y',
      }),
      { isNew: true },
    );
    expect(out).toMatchObject({
      f_sale_price: 0,
      f_inquire_price: 'N',
      f_charter_price: 0,
      f_inquire_charter: 'Y',
      f_complete: 'N',
    });
    expect(normalizeUnit(unit({ f_complete: 'Y' }), { isNew: false }).f_complete).toBe('Y');
  });

  it('refuses a unit beyond the building’s declared count, and a building without a name', () => {
    const building = {
      f_dong: '101동',
      f_floor_count: 1,
      f_units_per_floor: 2,
      hos: [unit(), unit({ f_ho: '1002' })],
    };
    expect(checkAddUnit(building)?.rule).toBe('dongLimit');
    expect(checkAddUnit({ ...building, f_dong: ' ', hos: [] })?.rule).toBe('dongNameRequired');
    expect(checkAddUnit({ ...building, hos: [unit()] })).toBeNull();
  });

  it('needs room, square metres and pyeong for an area entry', () => {
    expect(checkAreaEntry({ f_room: null, size: 84, pyong: 25.41 })?.rule).toBe('areaRoomRequired');
    expect(checkAreaEntry({ f_room: 3, size: 84, pyong: null })?.rule).toBe('areaSizeRequired');
    expect(checkAreaEntry({ f_room: 3, size: 84, pyong: 25.41 })).toBeNull();
  });

  it('counts the units still to place', () => {
    expect(remainingUnits({ houseCount: 80, buildings: [{ hos: Array(40) }, { hos: Array(30) }] })).toBe(10);
  });
});

function floor(n: number, count: number, extra: Partial<UnitInput> = {}) {
  return Array.from({ length: count }, (_, i) =>
    unit({ f_floor: n, f_ho: `${n}${String(i + 1).padStart(2, '0')}`, ...extra }),
  );
}

describe('copy floor', () => {
  const building = (hos: UnitInput[], floors = 10, perFloor = 4) => ({
    f_floor_count: floors,
    f_units_per_floor: perFloor,
    hos,
  });

  it('renumbers copied units to the target floor and replaces what was there', () => {
    const result = copyFloor({
      building: building([...floor(1, 4, { f_image_urls: ['/uploads/a.webp'] }), ...floor(2, 4)]),
      source: 1,
      target: 2,
      mode: 'A',
    });
    expect(result.kind).toBe('copied');
    if (result.kind !== 'copied') return;
    const second = result.hos.filter((h) => h.f_floor === 2);
    expect(second.map((h) => h.f_ho)).toEqual(['201', '202', '203', '204']);
    expect(second.every((h) => h.f_image_urls[0] === '/uploads/a.webp')).toBe(true);
    expect(result.hos).toHaveLength(8);
  });

  it('fills an empty floor and renames 1001 on floor 10 to 1201 on floor 12', () => {
    const result = copyFloor({ building: building(floor(10, 2), 12, 2), source: 10, target: 12, mode: 'A' });
    expect(result.kind === 'copied' && result.hos.filter((h) => h.f_floor === 12).map((h) => h.f_ho)).toEqual(
      ['1201', '1202'],
    );
  });

  it('does nothing when source and target are the same or the source floor is empty', () => {
    expect(copyFloor({ building: building(floor(1, 4)), source: 1, target: 1, mode: 'A' }).kind).toBe('noop');
    expect(copyFloor({ building: building(floor(1, 4)), source: 3, target: 1, mode: 'A' }).kind).toBe('noop');
  });

  it('refuses a target floor whose unit count differs', () => {
    expect(
      copyFloor({ building: building([...floor(1, 4), ...floor(2, 3)]), source: 1, target: 2, mode: 'A' }),
    ).toEqual({ kind: 'error', rule: 'copyCountMismatch' });
  });

  it('refuses a photo-only copy onto an empty floor', () => {
    expect(copyFloor({ building: building(floor(1, 4)), source: 1, target: 2, mode: 'P' })).toEqual({
      kind: 'error',
      rule: 'copyPhotoTargetEmpty',
    });
  });

  it('refuses a copy that would exceed the building’s declared units', () => {
    expect(copyFloor({ building: building(floor(1, 4), 1, 4), source: 1, target: 2, mode: 'A' })).toEqual({
      kind: 'error',
      rule: 'copyBuildingLimit',
    });
  });

  it('copies only the pictures in photo-only mode', () => {
    const result = copyFloor({
      building: building([
        ...floor(1, 2, { f_image_urls: ['/uploads/p.webp'], f_sale_price: 1 }),
        ...floor(2, 2, { f_sale_price: 2 }),
      ]),
      source: 1,
      target: 2,
      mode: 'P',
    });
    if (result.kind !== 'copied') throw new Error(result.kind);
    const second = result.hos.filter((h) => h.f_floor === 2);
    expect(second.map((h) => [h.f_ho, h.f_sale_price, h.f_image_urls])).toEqual([
      ['201', 2, ['/uploads/p.webp']],
      ['202', 2, ['/uploads/p.webp']],
    ]);
  });

  it('keeps the ids and completion of replaced units and starts new copies not complete', () => {
    const target = floor(2, 2, { f_complete: 'Y' }).map((h, i) => ({ ...h, f_idx: 500 + i }));
    const source = floor(1, 2, { f_complete: 'Y' }).map((h, i) => ({ ...h, f_idx: 100 + i }));
    const replaced = copyFloor({
      building: { f_floor_count: 10, f_units_per_floor: 4, hos: [...source, ...target] },
      source: 1,
      target: 2,
      mode: 'A',
    });
    if (replaced.kind !== 'copied') throw new Error(replaced.kind);
    expect(replaced.hos.filter((h) => h.f_floor === 2).map((h) => [h.f_idx, h.f_complete])).toEqual([
      [500, 'Y'],
      [501, 'Y'],
    ]);
    const fresh = copyFloor({
      building: { f_floor_count: 10, f_units_per_floor: 4, hos: source },
      source: 1,
      target: 3,
      mode: 'A',
    });
    if (fresh.kind !== 'copied') throw new Error(fresh.kind);
    expect(fresh.hos.filter((h) => h.f_floor === 3).map((h) => ['f_idx' in h, h.f_complete])).toEqual([
      [false, 'N'],
      [false, 'N'],
    ]);
  });
});

describe('copy floor rules of spec §4/§5 in both modes', () => {
  const building = (hos: UnitInput[], floors = 10, perFloor = 4) => ({
    f_floor_count: floors,
    f_units_per_floor: perFloor,
    hos,
  });
  const cases: Array<{
    rule: string;
    input: Parameters<typeof copyFloor>[0];
    expected: ReturnType<typeof copyFloor>['kind'] | string;
  }> = [
    {
      rule: 'same floor, all',
      input: { building: building(floor(1, 2)), source: 1, target: 1, mode: 'A' },
      expected: 'noop',
    },
    {
      rule: 'same floor, photos',
      input: { building: building(floor(1, 2)), source: 1, target: 1, mode: 'P' },
      expected: 'noop',
    },
    {
      rule: 'empty source, all',
      input: { building: building(floor(2, 2)), source: 1, target: 2, mode: 'A' },
      expected: 'noop',
    },
    {
      rule: 'empty source, photos',
      input: { building: building(floor(2, 2)), source: 1, target: 2, mode: 'P' },
      expected: 'noop',
    },
    {
      rule: 'count mismatch, all',
      input: { building: building([...floor(1, 2), ...floor(2, 3)]), source: 1, target: 2, mode: 'A' },
      expected: 'copyCountMismatch',
    },
    {
      rule: 'count mismatch, photos',
      input: { building: building([...floor(1, 2), ...floor(2, 3)]), source: 1, target: 2, mode: 'P' },
      expected: 'copyCountMismatch',
    },
    {
      rule: 'photo target empty',
      input: { building: building(floor(1, 2)), source: 1, target: 2, mode: 'P' },
      expected: 'copyPhotoTargetEmpty',
    },
    {
      rule: 'building limit',
      input: { building: building(floor(1, 3), 2, 2), source: 1, target: 2, mode: 'A' },
      expected: 'copyBuildingLimit',
    },
    {
      rule: 'replacing a floor of the same count stays within the limit',
      input: { building: building([...floor(1, 2), ...floor(2, 2)], 2, 2), source: 1, target: 2, mode: 'A' },
      expected: 'copied',
    },
  ];
  for (const c of cases) {
    it(`answers ${c.expected} for ${c.rule}`, () => {
      const result = copyFloor(c.input);
      expect(result.kind === 'error' ? result.rule : result.kind).toBe(c.expected);
    });
  }
});
