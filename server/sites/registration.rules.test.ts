import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import type { RegistrationFields, UnregisteredReportInput } from '../../sync/sites/registration.ts';
import { createGroup } from '../groups/membership.ts';
import type { Message } from '../http/messages.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { mutation, pushAs } from '../testing/sync-fixtures.ts';
import { generalSite, member, newOpenSite, siteTables, unregisteredReport } from './registration.fixtures.ts';
import {
  areaRuleMessages,
  registrationMessages,
  siteRuleMessages,
  unitRuleMessages,
  unregisteredRuleMessages,
} from './registration.messages.ts';

/**
 * Every validation rule of spec §5 for registration, unit save and the unregistered-site
 * report, one failing input each: the answer is -4 with the rule's own message and field,
 * and nothing is written, through the RPC and through a pushed mutation alike.
 */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

interface Case {
  rule: string;
  site: RegistrationFields;
  field: string;
  message: Message;
}

const unitOf = (site: RegistrationFields) => {
  const ho = site.dongs[0]?.hos[0];
  if (!ho) throw new Error('no unit');
  return ho;
};

/** A new-open site with its first unit changed. */
function withUnit(change: Record<string, unknown>): RegistrationFields {
  const site = newOpenSite();
  Object.assign(unitOf(site), change);
  return site;
}

const six = Array.from({ length: 6 }, (_, i) => ({ f_name: `담당${i}`, f_phone: `0101234567${i}` }));

/** Spec §5 Registration step 1, in its order, then the area entries and the open date. */
const registrationCases: Case[] = [
  {
    rule: 'nameRequired',
    site: generalSite({ f_name: '  ' }),
    field: 'f_name',
    message: siteRuleMessages.nameRequired,
  },
  {
    rule: 'addressRequired',
    site: generalSite({ f_address1: '', f_address2: '' }),
    field: 'f_address1',
    message: siteRuleMessages.addressRequired,
  },
  {
    rule: 'contactRequired',
    site: generalSite({ contacts: [] }),
    field: 'contacts',
    message: siteRuleMessages.contactRequired,
  },
  {
    rule: 'contactsMax',
    site: generalSite({ contacts: six }),
    field: 'contacts',
    message: siteRuleMessages.contactsMax,
  },
  {
    rule: 'contactIncomplete',
    site: generalSite({ contacts: [{ f_name: '김분양', f_phone: '' }] }),
    field: 'contacts',
    message: siteRuleMessages.contactIncomplete,
  },
  {
    rule: 'maemulTypeRequired',
    site: generalSite({ f_maemul_type: '' }),
    field: 'f_maemul_type',
    message: siteRuleMessages.maemulTypeRequired,
  },
  {
    rule: 'maemulTypeSingle',
    site: generalSite({ f_maemul_type: '0,1' }),
    field: 'f_maemul_type',
    message: siteRuleMessages.maemulTypeSingle,
  },
  {
    rule: 'complexInfoRequired',
    site: newOpenSite({ f_dong_count: 0, f_house_count: 0 }),
    field: 'f_dong_count',
    message: siteRuleMessages.complexInfoRequired,
  },
  {
    rule: 'transTypeRequired',
    site: generalSite({ f_transaction_type: '' }),
    field: 'f_transaction_type',
    message: siteRuleMessages.transTypeRequired,
  },
  {
    rule: 'salePriceRequired',
    site: generalSite({ f_sale_price_min: 0, f_sale_price_max: 0 }),
    field: 'f_sale_price_min',
    message: siteRuleMessages.salePriceRequired,
  },
  {
    rule: 'charterPriceRequired',
    site: generalSite({ f_transaction_type: '1' }),
    field: 'f_charter_price_min',
    message: siteRuleMessages.charterPriceRequired,
  },
  {
    rule: 'investPriceRequired',
    site: generalSite({ f_transaction_type: '2' }),
    field: 'f_invest_price_min',
    message: siteRuleMessages.investPriceRequired,
  },
  {
    rule: 'monthlyPriceRequired',
    site: generalSite({ f_transaction_type: '3', f_monthly_deposit_min: 1000 }),
    field: 'f_monthly_rent_min',
    message: siteRuleMessages.monthlyPriceRequired,
  },
  {
    rule: 'roomNumRequired',
    site: generalSite({ f_room_num: null }),
    field: 'f_room_num',
    message: siteRuleMessages.roomNumRequired,
  },
  {
    rule: 'toiletNumRequired',
    site: generalSite({ f_toilet_num: null }),
    field: 'f_toilet_num',
    message: siteRuleMessages.toiletNumRequired,
  },
  {
    rule: 'feeTypeRequired',
    site: generalSite({ f_fee_type: '' }),
    field: 'f_fee_type',
    message: siteRuleMessages.feeTypeRequired,
  },
  {
    rule: 'areaRequired',
    site: generalSite({ rooms: [] }),
    field: 'rooms',
    message: siteRuleMessages.areaRequired,
  },
  {
    rule: 'areaSizeRequired',
    site: generalSite({
      rooms: [
        {
          f_room: 2,
          f_area: 'E',
          f_exclusive_size: 59,
          f_exclusive_pyong: 17.85,
          f_real_size: 0,
          f_real_pyong: 0,
        },
        {
          f_room: 3,
          f_area: 'R',
          f_exclusive_size: 84,
          f_exclusive_pyong: 0,
          f_real_size: 0,
          f_real_pyong: 0,
        },
      ],
    }),
    field: 'rooms.1.size',
    message: areaRuleMessages.areaSizeRequired,
  },
  {
    rule: 'openDateRange',
    site: generalSite({ f_open_date: `${new Date().getFullYear() + 6}-01-01` }),
    field: 'f_open_date',
    message: registrationMessages.openDateRange,
  },
];

/** Spec §5 Unit save and the building rules, on the first unit or building of a new-open site. */
const unitCases: Case[] = [
  {
    rule: 'unitNameRequired',
    site: withUnit({ f_ho: '#!' }),
    field: 'dongs.0.hos.0.f_ho',
    message: unitRuleMessages.unitNameRequired,
  },
  {
    rule: 'dealTypeRequired',
    site: withUnit({ f_trans_type: '' }),
    field: 'dongs.0.hos.0.f_trans_type',
    message: unitRuleMessages.dealTypeRequired,
  },
  {
    rule: 'unitSalePriceRequired',
    site: withUnit({ f_sale_price: 0 }),
    field: 'dongs.0.hos.0.f_sale_price',
    message: unitRuleMessages.unitSalePriceRequired,
  },
  {
    rule: 'unitCharterPriceRequired',
    site: withUnit({ f_trans_type: '1' }),
    field: 'dongs.0.hos.0.f_charter_price',
    message: unitRuleMessages.unitCharterPriceRequired,
  },
  {
    rule: 'unitInvestPriceRequired',
    site: withUnit({ f_trans_type: '2' }),
    field: 'dongs.0.hos.0.f_investment_price',
    message: unitRuleMessages.unitInvestPriceRequired,
  },
  {
    rule: 'unitMonthlyPriceRequired',
    site: withUnit({ f_trans_type: '3', f_monthly_rent_deposit: 1000 }),
    field: 'dongs.0.hos.0.f_monthly_rent',
    message: unitRuleMessages.unitMonthlyPriceRequired,
  },
  {
    rule: 'unitRoomRequired',
    site: withUnit({ f_room: null }),
    field: 'dongs.0.hos.0.f_room',
    message: unitRuleMessages.unitRoomRequired,
  },
  {
    rule: 'unitToiletRequired',
    site: withUnit({ f_toilet: null }),
    field: 'dongs.0.hos.0.f_toilet',
    message: unitRuleMessages.unitToiletRequired,
  },
  {
    rule: 'dongNameRequired',
    site: (() => {
      const s = newOpenSite();
      if (s.dongs[1]) s.dongs[1].f_dong = ' ';
      return s;
    })(),
    field: 'dongs.1.f_dong',
    message: unitRuleMessages.dongNameRequired,
  },
  {
    rule: 'dongLimit',
    site: (() => {
      const s = newOpenSite();
      const d = s.dongs[0];
      if (d) d.hos.push({ ...unitOf(s), f_floor: 2, f_ho: '203' });
      return s;
    })(),
    field: 'dongs.0.hos',
    message: unitRuleMessages.dongLimit,
  },
];

async function expectRefused({ site, field, message }: Case) {
  const kind = site.f_site_type as 'O' | 'G';
  const before = t.changes();
  const tables = await siteTables(t);
  const res = await t.call('/site/addSite_app', {
    token: owner.token,
    body: { site_type: kind, changes: site },
    headers: { 'accept-language': 'en' },
  });
  expect(res.code).toBe(ResultCode.badParameter);
  expect(res.msg).toBe(message.en);
  expect(res.data).toEqual({ field });
  expect(t.changes(), 'the RPC wrote something').toBe(before);

  // The same save queued offline and pushed: refused with the Korean message, nothing of the site written.
  seq++;
  const pushed = await pushAs(t, {
    token: owner.token,
    clientId: 'client-rules-01',
    mutations: [
      mutation({
        seq,
        name: 'saveSite',
        args: { draft_id: `rules-draft-${seq}`, site_type: kind, changes: site },
      }),
    ],
  });
  expect(pushed.data.results[0]).toMatchObject({
    status: 'rejected',
    code: ResultCode.badParameter,
    msg: message.ko,
    data: { field },
  });
  expect(await siteTables(t)).toBe(tables);
}

let owner: { userIdx: number; token: string };
let seq = 0;

async function start() {
  t = await createTestApp();
  owner = await member(t);
  seq = 0;
  // The push bookkeeping (this device's sequence) exists before the first refused save.
  await pushAs(t, { token: owner.token, clientId: 'client-rules-01', mutations: [] });
}

describe('registration rules of spec §5, in order', () => {
  it('accepts the complete sites the cases start from', async () => {
    await start();
    for (const site of [generalSite(), newOpenSite()]) {
      const res = await t.call('/site/addSite_app', {
        token: owner.token,
        body: { site_type: site.f_site_type, changes: site },
      });
      expect(res.code).toBe(0);
    }
  });

  for (const c of registrationCases) {
    it(`refuses a site breaking ${c.rule} with its message and writes nothing`, async () => {
      await start();
      await expectRefused(c);
    });
  }

  it('asks a member with groups to choose one when registering', async () => {
    await start();
    await createGroup({ db: t.deps.db, name: '팀', ownerIdx: owner.userIdx, now: new Date() });
    await expectRefused({
      rule: 'groupRequired',
      site: generalSite(),
      field: 'f_group_idx',
      message: registrationMessages.groupRequired,
    });
  });

  it('refuses an elevator value outside Y, N and U before the rules run', async () => {
    await start();
    const before = t.changes();
    const res = await t.call('/site/addSite_app', {
      token: owner.token,
      body: { site_type: 'G', changes: { ...generalSite(), f_elevator: 'X' } },
    });
    expect(res.code).toBe(ResultCode.badParameter);
    expect((res.data as { field: string }).field).toBe('changes.f_elevator');
    expect(t.changes()).toBe(before);
  });
});

describe('unit save rules of spec §5', () => {
  for (const c of unitCases) {
    it(`refuses a unit breaking ${c.rule} with its message and writes nothing`, async () => {
      await start();
      await expectRefused(c);
    });
  }

  it('keeps only Korean letters, digits, Latin letters and hyphens in a unit name', async () => {
    await start();
    const res = await t.call<{ site_idx: number }>('/site/addSite_app', {
      token: owner.token,
      body: { site_type: 'O', changes: withUnit({ f_ho: 'B-1 01호!' }) },
    });
    expect(res.code).toBe(0);
    const names = await t.deps.db
      .selectFrom('hos')
      .select('f_ho')
      .where('f_site_idx', '=', res.data.site_idx)
      .execute();
    expect(names.map((h) => h.f_ho)).toContain('B-101호');
  });

  it('zeroes the prices of unchosen deal types and of inquired ones; a new unit is not complete', async () => {
    await start();
    const res = await t.call<{ site_idx: number }>('/site/addSite_app', {
      token: owner.token,
      body: {
        site_type: 'O',
        changes: withUnit({
          f_trans_type: '0,1',
          f_sale_price: 50000,
          f_charter_price: 30000,
          f_inquire_charter: 'Y',
          f_monthly_rent: 80,
          f_inquire_month: 'Y',
          f_complete: 'Y',
        }),
      },
    });
    expect(res.code).toBe(0);
    const unit = await t.deps.db
      .selectFrom('hos')
      .select([
        'f_sale_price',
        'f_charter_price',
        'f_inquire_charter',
        'f_monthly_rent',
        'f_inquire_month',
        'f_complete',
      ])
      .where('f_site_idx', '=', res.data.site_idx)
      .where('f_ho', '=', '101')
      .orderBy('f_idx')
      .executeTakeFirst();
    expect(unit).toEqual({
      f_sale_price: 50000,
      f_charter_price: 0,
      f_inquire_charter: 'Y',
      f_monthly_rent: 0,
      f_inquire_month: 'N',
      f_complete: 'N',
    });
  });
});

describe('unregistered site report rules of spec §5', () => {
  const cases: Array<{ rule: string; report: UnregisteredReportInput; field: string; message: Message }> = [
    {
      rule: 'nameRequired',
      report: unregisteredReport({ f_name: '' }),
      field: 'f_name',
      message: unregisteredRuleMessages.nameRequired,
    },
    {
      rule: 'addressRequired',
      report: unregisteredReport({ f_address1: ' ', f_address2: '' }),
      field: 'f_address1',
      message: unregisteredRuleMessages.addressRequired,
    },
    {
      rule: 'contactRequired',
      report: unregisteredReport({ contacts: [{ f_name: '박제보', f_phone: '' }] }),
      field: 'contacts',
      message: unregisteredRuleMessages.contactRequired,
    },
    {
      rule: 'feeTypeRequired',
      report: unregisteredReport({ f_fee_type: '' }),
      field: 'f_fee_type',
      message: unregisteredRuleMessages.feeTypeRequired,
    },
    {
      rule: 'feeInvestRequired',
      report: unregisteredReport({ f_fee_type: 'T,I', f_fee_i: null }),
      field: 'f_fee_i',
      message: unregisteredRuleMessages.feeInvestRequired,
    },
  ];

  for (const c of cases) {
    it(`refuses a report breaking ${c.rule} with its message and writes nothing`, async () => {
      await start();
      const before = t.changes();
      const res = await t.call('/site/addUnregisteredSite', {
        token: owner.token,
        body: c.report,
        headers: { 'accept-language': 'en' },
      });
      expect(res.code).toBe(ResultCode.badParameter);
      expect(res.msg).toBe(c.message.en);
      expect(res.data).toEqual({ field: c.field });
      expect(t.changes()).toBe(before);
    });
  }

  it('keeps a report as kind U awaiting confirmation, an empty charter fee as 0 and every price 0', async () => {
    await start();
    const res = await t.call<{ site_idx: number }>('/site/addUnregisteredSite', {
      token: owner.token,
      body: unregisteredReport({ f_fee_type: 'T,C', f_fee_t: 5, f_fee_c: null }),
    });
    expect(res.code).toBe(0);
    expect(res.msg).toBe('제보되었습니다.');
    const row = await t.deps.db
      .selectFrom('sites')
      .selectAll()
      .where('f_idx', '=', res.data.site_idx)
      .executeTakeFirst();
    expect(row).toMatchObject({
      f_site_type: 'U',
      f_confirm: 'U',
      f_status: 'N',
      f_user_idx: owner.userIdx,
      f_fee_t: 5,
      f_fee_c: 0,
      f_sale_price_min: 0,
      f_sale_price_max: 0,
      f_charter_price_min: 0,
    });
    const contacts = await t.deps.db
      .selectFrom('site_contacts')
      .select(['f_name', 'f_phone'])
      .where('f_site_idx', '=', res.data.site_idx)
      .execute();
    expect(contacts).toEqual([{ f_name: '박제보', f_phone: '01022223333' }]);
  });
});
