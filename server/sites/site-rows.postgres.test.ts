import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePull } from '../../sync/protocol.ts';
import type { RegistrationFields } from '../../sync/sites/registration.ts';
import { freshPostgresDatabase } from '../../tests/support/postgres-database.ts';
import { building, generalSite, newOpenSite } from '../../tests/support/registration-data.ts';
import { type Db, openTestDatabase } from '../db/database.ts';
import { addGroupMember, createGroup } from '../groups/membership.repository.ts';
import { loadSiteJson, loadSiteRows, loadUnits, loadUnitsJson, siteWire } from './site-rows.repository.ts';
import { insertSiteRow, setSiteStatus, writeSiteFields } from './site-writer.repository.ts';

/**
 * The pull's site and unit rows on both databases: SQLite writes their JSON itself, PostgreSQL
 * builds it from the rows. The same sites written by the site writer on each must reach a
 * device as the same rows, whoever pulls them.
 */

const NOW = new Date('2026-11-27T01:02:03.456Z');

interface World {
  db: Db;
  owner: number;
  teammate: number;
  stranger: number;
  sites: number[];
  close: () => Promise<void>;
}

async function insertMember(db: Db, phone: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      f_phone: phone,
      f_affiliation: '테스트 공인중개사',
      f_name: '테스트',
      f_business_card: null,
      f_push_off_start_time: null,
      f_push_off_end_time: null,
      f_usage_date: null,
      f_release_date: null,
      f_reject_time: null,
      f_last_access: null,
      f_withdrawn_time: null,
      f_withdrawn_phone: null,
      f_authority_by: null,
      f_reg_time: NOW.toISOString(),
      f_approval: 'A',
    })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return row.f_idx;
}

/** Sites of every kind with values whose JSON is easy to get wrong, written as the services write them. */
async function buildWorld(db: Db, close: () => Promise<void>): Promise<World> {
  const owner = await insertMember(db, '01011110001');
  const teammate = await insertMember(db, '01011110002');
  const stranger = await insertMember(db, '01011110003');
  const group = await createGroup({ db, name: '팀', ownerIdx: owner, now: NOW });
  await addGroupMember({ db, groupIdx: group, userIdx: teammate, now: NOW });
  const units = building({ name: '101동', floors: 2, perFloor: 2 });
  const first = units.hos[0];
  if (first) {
    first.f_memo = '메모 "따옴표" \\ 🏠';
    first.f_image_urls = ['/uploads/u.webp'];
    first.f_exclusive_size = 84.97;
  }
  const kinds: Array<{ status: 'N' | 'P'; fields: Partial<RegistrationFields>; kind: 'O' | 'G' }> = [
    {
      kind: 'O',
      status: 'N',
      fields: newOpenSite({
        f_name: '따옴표 " 역슬래시 \\ 줄바꿈\n탭\t 이모지 🏢',
        f_latitude: 0.1 + 0.2,
        f_longitude: 1 / 3,
        dongs: [units],
      }),
    },
    {
      kind: 'G',
      status: 'N',
      fields: generalSite({
        f_group_idx: group,
        f_inlay_private: 'Y',
        f_inlay_image_url: ['/uploads/a.webp', '/uploads/b.webp'],
      }),
    },
    {
      kind: 'G',
      status: 'N',
      fields: generalSite({ f_inlay_private: 'Y', f_inlay_image_url: ['/uploads/c.webp'] }),
    },
    {
      kind: 'O',
      status: 'P',
      fields: newOpenSite({ dongs: [building({ name: '임시동', floors: 1, perFloor: 2 })] }),
    },
  ];
  const sites: number[] = [];
  for (const { kind, status, fields } of kinds) {
    sites.push(
      await db.transaction().execute(async (tx) => {
        const siteIdx = await insertSiteRow({
          db: tx,
          userIdx: owner,
          kind,
          status,
          clientId: null,
          now: NOW,
        });
        await writeSiteFields({ db: tx, siteIdx, fields, now: NOW });
        await setSiteStatus({ db: tx, siteIdx, status, step: 0, now: NOW, registered: status === 'N' });
        return siteIdx;
      }),
    );
  }
  return { db, owner, teammate, stranger, sites, close };
}

/** What a device makes of each site's values, through the pull decoder, without the ids that differ by database. */
async function pulledRows(world: World, viewer: number) {
  const { db, sites } = world;
  const json = await loadSiteJson({ db, ids: sites, viewer });
  const columns = [...(await siteWire({ db })).columns];
  return sites.map((siteIdx) => {
    const values = JSON.parse(json.get(siteIdx)?.json ?? 'null') as unknown[];
    const page = decodePull({
      cursor: null,
      more: false,
      reset: false,
      last_seq: 0,
      site_columns: columns,
      changes: [{ t: 'site', op: 'put', key: siteIdx, values }],
    });
    const change = page.changes[0];
    return change?.t === 'site' && change.op === 'put' ? comparable(change.row) : undefined;
  });
}

/** A row without what each database numbers its own way (ids, versions). */
function comparable(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v) =>
      ['f_idx', 'f_site_idx', 'f_user_idx', 'f_group_idx', 'f_dong_idx', 'version'].includes(key) ? '#' : v,
    ),
  );
}

let sqlite: World;
let postgres: World;

beforeAll(async () => {
  const handle = await openTestDatabase();
  sqlite = await buildWorld(handle.db, handle.close);
  const database = await freshPostgresDatabase();
  postgres = await buildWorld(database.handle.db, database.drop);
});

afterAll(async () => {
  await sqlite?.close();
  await postgres?.close();
});

describe('site rows on PostgreSQL', () => {
  it('reach every viewer as the same rows as on SQLite, private inlay pictures kept from outsiders', async () => {
    for (const who of ['owner', 'teammate', 'stranger'] as const) {
      const onPostgres = await pulledRows(postgres, postgres[who]);
      expect(onPostgres).toEqual(await pulledRows(sqlite, sqlite[who]));
      expect(onPostgres.every((row) => row !== undefined)).toBe(true);
    }
    const inlays = async (viewer: number) =>
      (await pulledRows(postgres, viewer)).map(
        (row) => (row as { f_inlay_image_url: string[] } | undefined)?.f_inlay_image_url,
      );
    expect((await inlays(postgres.teammate))[1]).toEqual(['/uploads/a.webp', '/uploads/b.webp']);
    expect((await inlays(postgres.stranger))[1]).toEqual([]);
    expect((await inlays(postgres.teammate))[2]).toEqual([]);
    expect((await inlays(postgres.owner))[2]).toEqual(['/uploads/c.webp']);
  });

  it('carry the same buildings and units as on SQLite, as JSON and as objects', async () => {
    const unitsOf = async (world: World) => {
      const json = await loadUnitsJson({ db: world.db, ids: world.sites });
      const objects = await loadUnits({ db: world.db, ids: world.sites });
      for (const siteIdx of world.sites) {
        expect(JSON.parse(json.get(siteIdx) ?? 'null')).toEqual(objects.get(siteIdx));
      }
      return world.sites.map((siteIdx) => comparable(objects.get(siteIdx)));
    };
    const onPostgres = await unitsOf(postgres);
    expect(onPostgres).toEqual(await unitsOf(sqlite));
    const [first] = (await loadUnits({ db: postgres.db, ids: [postgres.sites[0] as number] })).values();
    expect(first?.[0]?.hos[0]).toMatchObject({
      f_memo: '메모 "따옴표" \\ 🏠',
      f_image_urls: ['/uploads/u.webp'],
      f_exclusive_size: 84.97,
    });
  });

  it('read back the same site rows as on SQLite, a draft with its units inside', async () => {
    const rowsOf = async (world: World) => comparable(await loadSiteRows({ db: world.db, ids: world.sites }));
    const onPostgres = (await rowsOf(postgres)) as Array<{ f_status: string; dongs: unknown[] }>;
    expect(onPostgres).toEqual(await rowsOf(sqlite));
    expect(onPostgres[3]).toMatchObject({ f_status: 'P' });
    expect(onPostgres[3]?.dongs).toHaveLength(1);
  });
});
