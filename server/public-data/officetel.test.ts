import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import type { LookupAnswer, OfficetelPrice } from '../../sync/public-data/public-data.ts';
import { adminWith, agent } from '../reports/reports.fixtures.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

// Its last digits are not zero: a PNU read as a number would lose them.
const PNU = '1168010100108250017';
const HEADER = 'pnu,build_addr,buildnum,dong,floor,ho,pbdate,totarea,sharea,pbprice';
const csv = (lines: string[]) => `\uFEFF${[HEADER, ...lines].join('\n')}\n`;

function upload({ token, body, name, year }: { token: string; body: BlobPart; name: string; year: string }) {
  const form = new FormData();
  form.append('file', new Blob([body]), name);
  form.append('year', year);
  return t.call<{ imported: number; year: string }>('/admin/importOfficetelPrices', { token, form });
}

const level = (token: string, query: Record<string, string>) =>
  t.call<{ list: string[] }>('/public/officetelLevel', {
    token,
    method: 'GET',
    query: { pnu: PNU, ...query },
  });

describe('officetel standard prices', () => {
  it('are imported from a CSV by an admin and looked up level by level with their standard value', async () => {
    t = await createTestApp();
    const admin = await adminWith(t, '12');
    const member = await agent(t);
    const res = await upload({
      token: admin.token,
      name: 'officetel-2025.csv',
      year: '2025',
      body: csv([
        `${PNU},서울 강남구 역삼동 825,1,A동,10,1001,2025-01-01,"33.5",12.25,"4,120,000"`,
        `${PNU},서울 강남구 역삼동 825,1,A동,10,1002,2025-01-01,28.1,10.3,4050000`,
        `${PNU},서울 강남구 역삼동 825,1,A동,9,901,2025-01-01,33.5,12.25,4100000`,
        `${PNU},서울 강남구 역삼동 825,1,B동,2,201,2025-01-01,33.5,12.25,4000000`,
      ]),
    });
    expect(res.data).toEqual({ imported: 4, year: '2025' });

    expect((await level(member.token, { level: '1' })).data.list).toEqual(['1']);
    expect((await level(member.token, { level: '2', buildnum: '1' })).data.list).toEqual(['A동', 'B동']);
    expect((await level(member.token, { level: '3', buildnum: '1', dong: 'A동' })).data.list).toEqual([
      '9',
      '10',
    ]);
    expect(
      (await level(member.token, { level: '4', buildnum: '1', dong: 'A동', floor: '10' })).data.list,
    ).toEqual(['1001', '1002']);

    const price = await t.call<LookupAnswer<OfficetelPrice>>('/public/officetelPrice', {
      token: member.token,
      method: 'GET',
      query: { pnu: PNU, buildnum: '1', dong: 'A동', floor: '10', ho: '1001' },
    });
    // 4,120,000 × (33.5 + 12.25) = 188,490,000
    expect(price.data.list).toEqual([
      expect.objectContaining({
        f_year: '2025',
        f_pbprice: 4_120_000,
        f_totarea: 33.5,
        f_sharea: 12.25,
        value: 188_490_000,
      }),
    ]);
  });

  it('read an XLSX file and replace the rows of a year imported again', async () => {
    t = await createTestApp();
    const admin = await adminWith(t, '12');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('2025');
    sheet.addRow(HEADER.split(','));
    sheet.addRow([PNU, '역삼동 825', '1', 'A동', '3', '301', '2025-01-01', 30.2, 9.8, 3_900_000]);
    const bytes = await book.xlsx.writeBuffer();
    await upload({
      token: admin.token,
      name: 'first.csv',
      year: '2025',
      body: csv([`${PNU},x,1,A동,3,301,2025-01-01,1,1,1`, `${PNU},x,1,A동,3,302,2025-01-01,1,1,1`]),
    });
    const res = await upload({
      token: admin.token,
      name: 'officetel.xlsx',
      year: '2025',
      body: bytes as ArrayBuffer,
    });
    expect(res.data).toEqual({ imported: 1, year: '2025' });
    const rows = await t.deps.db
      .selectFrom('officetel_prices')
      .select(['f_ho', 'f_pbprice', 'f_totarea'])
      .execute();
    expect(rows).toEqual([{ f_ho: '301', f_pbprice: 3_900_000, f_totarea: 30.2 }]);
  });

  it('refuse a file without the expected columns, naming what is missing, and keep what was there', async () => {
    t = await createTestApp();
    const admin = await adminWith(t, '12');
    const res = await upload({ token: admin.token, name: 'bad.csv', year: '2025', body: 'pnu,dong\n1,2\n' });
    expect(res.code).toBe(-4);
    expect(JSON.stringify(res.data)).toContain('missing columns: build_addr, buildnum');
    expect(await t.deps.db.selectFrom('officetel_prices').select('f_idx').execute()).toEqual([]);
  });

  it('are imported by admins holding the db tab only', async () => {
    t = await createTestApp();
    const member = await agent(t);
    const res = await upload({ token: member.token, name: 'x.csv', year: '2025', body: csv([]) });
    expect(res.code).toBe(-1);
  });

  it('refuse a file with unreadable rows whole, listing each row with its line, column and value', async () => {
    t = await createTestApp();
    const admin = await adminWith(t, '12');
    const res = await upload({
      token: admin.token,
      name: 'officetel-2025.csv',
      year: '2025',
      body: csv([
        `${PNU},역삼동 825,1,A동,10,1001,2025-01-01,33.5,12.25,4120000`,
        `12345,역삼동 825,1,A동,10,1002,2025-01-01,28.1,10.3,4050000`,
        `${PNU},역삼동 825,1,A동,9,901,2025-01-01,33.5,12.25,사백만`,
      ]),
    });
    expect(res.code).toBe(-4);
    expect(res.data).toMatchObject({
      field: 'file',
      row_count: 2,
      rows: [
        { line: 3, column: 'pnu', value: '12345' },
        { line: 4, column: 'pbprice', value: '사백만' },
      ],
    });
    expect(await t.deps.db.selectFrom('officetel_prices').select('f_idx').execute()).toEqual([]);
  });

  it('tell the file apart by its bytes: a renamed workbook is read, a picture or an old .xls is refused', async () => {
    t = await createTestApp();
    const admin = await adminWith(t, '12');
    const book = new ExcelJS.Workbook();
    book.addWorksheet('2025').addRow(HEADER.split(','));
    book.worksheets[0]?.addRow([
      PNU,
      '역삼동 825',
      '1',
      'A동',
      '3',
      '301',
      '2025-01-01',
      30.2,
      9.8,
      3_900_000,
    ]);
    const renamed = await upload({
      token: admin.token,
      name: 'officetel.csv',
      year: '2025',
      body: (await book.xlsx.writeBuffer()) as ArrayBuffer,
    });
    expect(renamed.data).toEqual({ imported: 1, year: '2025' });

    const picture = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const png = await upload({ token: admin.token, name: 'prices.csv', year: '2025', body: picture });
    expect(png.code).toBe(-4);
    expect(JSON.stringify(png.data)).toContain('not a CSV or XLSX file');
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const old = await upload({ token: admin.token, name: 'prices.xlsx', year: '2025', body: xls });
    expect(JSON.stringify(old.data)).toContain('.xls');
    expect(await t.deps.db.selectFrom('officetel_prices').select('f_ho').execute()).toEqual([
      { f_ho: '301' },
    ]);
  });

  it('read a CSV written in EUC-KR, as public files often are', async () => {
    t = await createTestApp();
    const admin = await adminWith(t, '12');
    // "A동" is ASCII but "역삼동" is not: its EUC-KR bytes (BF AA BB EF B5 BF) are not UTF-8.
    const head = new TextEncoder().encode(`${HEADER}\n${PNU},`);
    const dong = new Uint8Array([0xbf, 0xaa, 0xbb, 0xef, 0xb5, 0xbf]);
    const tail = new TextEncoder().encode(' 825,1,A,3,301,2025-01-01,30.2,9.8,3900000\n');
    const res = await upload({
      token: admin.token,
      name: 'officetel.csv',
      year: '2025',
      body: new Uint8Array([...head, ...dong, ...tail]),
    });
    expect(res.data).toEqual({ imported: 1, year: '2025' });
    const row = await t.deps.db
      .selectFrom('officetel_prices')
      .select('f_build_addr')
      .executeTakeFirstOrThrow();
    expect(row.f_build_addr).toBe('역삼동 825');
  });
});
