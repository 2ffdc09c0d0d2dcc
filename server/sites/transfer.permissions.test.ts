import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { siteWithUnits } from '../testing/sync-fixtures.ts';
import { memberWithDevice, transferTables, transferWorld } from './transfer.fixtures.ts';

/**
 * Spec §6 on transfers, as a matrix: the owner, a member of the site's group, another agent,
 * an admin without any tab and an admin holding every tab. Only the owner transfers a site:
 * no admin tab grants handing away someone else's site (server/sites/transfer.service.ts).
 * The member look-up is open to every approved member and admin. Transfers are online only,
 * so there is no pushed form. A refusal writes nothing.
 */

type Who = 'owner' | 'groupMember' | 'otherAgent' | 'adminWithoutTab' | 'adminWithTab';
const everyone: readonly Who[] = ['owner', 'groupMember', 'otherAgent', 'adminWithoutTab', 'adminWithTab'];
const label: Record<Who, string> = {
  owner: 'the owner',
  groupMember: 'a member of the site’s group',
  otherAgent: 'another agent',
  adminWithoutTab: 'an admin without any tab',
  adminWithTab: 'an admin holding every tab',
};

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function world() {
  t = await createTestApp();
  const w = await transferWorld(t);
  const other = await memberWithDevice(t);
  const adminWithoutTab = await memberWithDevice(t, { f_type: 'A', f_admin_authority: '' });
  const adminWithTab = await memberWithDevice(t, {
    f_type: 'A',
    f_admin_authority: '0,1,2,3,4,5,6,7,8,9,11,12',
  });
  const { site } = await siteWithUnits(t, { userIdx: w.owner.userIdx, f_group_idx: w.groupIdx });
  const tokens: Record<Who, string> = {
    owner: w.owner.token,
    groupMember: w.mate.token,
    otherAgent: other.token,
    adminWithoutTab: adminWithoutTab.token,
    adminWithTab: adminWithTab.token,
  };
  return { ...w, site, tokens };
}

const ok = ResultCode.ok;
const refused = ResultCode.apiError;

describe('transferSite {dest_member_idx, site_idx}', () => {
  const expected: Record<Who, number> = {
    owner: ok,
    groupMember: refused,
    otherAgent: refused,
    adminWithoutTab: refused,
    adminWithTab: refused,
  };
  it.each(everyone)('%s: as the matrix says, and a refusal writes nothing', async (who) => {
    const w = await world();
    const before = await transferTables(t);
    const res = await t.call('/site/transferSite', {
      token: w.tokens[who],
      body: { site_idx: w.site, dest_member_idx: w.dest.userIdx },
    });
    expect(res.code, `${label[who]}: ${res.msg}`).toBe(expected[who]);
    const { f_user_idx: owner } = await t.deps.db
      .selectFrom('sites')
      .select('f_user_idx')
      .where('f_idx', '=', w.site)
      .executeTakeFirstOrThrow();
    if (expected[who] === ok) {
      expect(owner).toBe(w.dest.userIdx);
    } else {
      expect(res.msg).toMatch(/등록한 회원만 양도/);
      expect(await transferTables(t)).toBe(before);
    }
  });

  it('another agent asking for a hidden site they cannot see is told it is deleted or hidden, and nothing is written', async () => {
    const w = await world();
    await t.deps.db
      .updateTable('sites')
      .set({ f_hidden: 'Y', f_group_idx: null })
      .where('f_idx', '=', w.site)
      .execute();
    const before = await transferTables(t);
    const res = await t.call('/site/transferSite', {
      token: w.tokens.otherAgent,
      body: { site_idx: w.site, dest_member_idx: w.dest.userIdx },
    });
    expect(res.code).toBe(refused);
    expect(res.msg).toMatch(/삭제되었거나 숨김/);
    expect(await transferTables(t)).toBe(before);
  });
});

describe('findTransferMember {phone}', () => {
  it.each(everyone)('%s finds the approved member by phone and writes nothing', async (who) => {
    const w = await world();
    const before = await transferTables(t);
    const res = await t.call<{ f_idx: number; f_name: string }>('/site/findTransferMember', {
      token: w.tokens[who],
      body: { phone: '010-7777-0001' },
    });
    expect(res.code, label[who]).toBe(ok);
    expect(res.data).toMatchObject({ f_idx: w.dest.userIdx, f_name: '양수인' });
    expect(await transferTables(t)).toBe(before);
  });

  it('a member still under review may not look members up', async () => {
    await world();
    const pending = await memberWithDevice(t, { f_approval: 'P' });
    const res = await t.call('/site/findTransferMember', {
      token: pending.token,
      body: { phone: '01077770001' },
    });
    expect(res.code).toBe(refused);
  });
});
