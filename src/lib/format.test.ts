import { describe, expect, it } from 'vitest';
import {
  dashIfBlank,
  formatArea,
  formatDateTime,
  formatDay,
  formatManwon,
  formatMonthlyRent,
  formatNumber,
  formatPhone,
  formatPriceRange,
  formatTime,
  normalizeKeyword,
  parseNumber,
  phoneDigits,
  pyeongToSqm,
  sqmToPyeong,
} from './format.ts';

describe('money in 만원', () => {
  it.each([
    [35000, '3억 5,000만원'],
    [30000, '3억원'],
    [5000, '5,000만원'],
    [120000, '12억원'],
    [123456, '12억 3,456만원'],
    [1, '1만원'],
  ])('shows %i 만원 as %s', (manwon, text) => {
    expect(formatManwon(manwon)).toBe(text);
  });

  it('shows a dash for zero or a missing amount', () => {
    expect(formatManwon(0)).toBe('-');
    expect(formatManwon(null)).toBe('-');
  });

  it('shows the won amount in English', () => {
    expect(formatManwon(35000, 'en')).toBe('₩350,000,000');
  });
});

describe('numbers', () => {
  it('groups thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
  it('reads back a number typed with separators', () => {
    expect(parseNumber('1,200')).toBe(1200);
    expect(parseNumber('abc')).toBeNull();
    expect(parseNumber('')).toBeNull();
  });
});

describe('phone numbers', () => {
  it('formats a mobile number with hyphens after the 3rd and 7th digit', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
  });
  it('formats while typing', () => {
    expect(formatPhone('010')).toBe('010');
    expect(formatPhone('0101')).toBe('010-1');
    expect(formatPhone('0101234')).toBe('010-1234');
    expect(formatPhone('01012345')).toBe('010-1234-5');
  });
  it('formats Seoul and ten-digit numbers', () => {
    expect(formatPhone('0212345678')).toBe('02-1234-5678');
    expect(formatPhone('021234567')).toBe('02-123-4567');
    expect(formatPhone('0111234567')).toBe('011-123-4567');
  });
  it('removes hyphens before sending', () => {
    expect(phoneDigits('010-1234-5678')).toBe('01012345678');
  });
  it('never keeps more than eleven digits', () => {
    expect(formatPhone('010123456789999')).toBe('010-1234-5678');
  });
});

describe('areas', () => {
  it('converts ㎡ to 평 and back with 1평 = 3.305785㎡', () => {
    expect(sqmToPyeong(84)).toBe(25.41);
    expect(sqmToPyeong(3.305785)).toBe(1);
    expect(pyeongToSqm(25)).toBe(82.64);
    expect(pyeongToSqm(1)).toBe(3.31);
  });
  it('shows both units', () => {
    expect(formatArea(84)).toBe('84㎡ (25.41평)');
    expect(formatArea(0)).toBe('-');
  });
});

describe('display of empty values (spec §5)', () => {
  it.each([[''], [0], ['0'], ['0000'], [null], [undefined]])('shows %j as a dash', (value) => {
    expect(dashIfBlank(value as string)).toBe('-');
  });
  it('shows other values as they are', () => {
    expect(dashIfBlank('2024')).toBe('2024');
    expect(dashIfBlank(3, (v) => `${v}개`)).toBe('3개');
  });
});

describe('dates and keywords', () => {
  it('shows a UTC time in Asia/Seoul', () => {
    expect(formatDateTime('2026-11-20T15:30:00.000Z')).toBe('2026. 11. 21. 00:30');
  });

  it('shows a time of day in Seoul time, on a 24-hour clock', () => {
    expect(formatTime('2026-11-20T15:30:00.000Z')).toBe('00:30');
    expect(formatTime('2026-11-21T05:07:00.000Z', 'en')).toBe('14:07');
  });
  it("shows a stored calendar day in the reader's date style, never as the raw YYYY-MM-DD", () => {
    expect(formatDay('2007-11-01')).toBe('2007. 11. 01.');
    expect(formatDay('2007-11-01', 'en')).toBe('01/11/2007');
    expect(formatDay(null)).toBe('-');
  });
  it('strips spaces from a search keyword', () => {
    expect(normalizeKeyword(' 래미안 강남 ')).toBe('래미안강남');
  });
});

describe('월세 as deposit and rent', () => {
  const rent = (depositMin: number, depositMax: number, rentMin: number, rentMax: number) => ({
    depositMin,
    depositMax,
    rentMin,
    rentMax,
  });
  it.each([
    [rent(2500, 2500, 50, 50), '보증금 2,500 / 월 50'],
    [rent(2500, 5000, 50, 70), '보증금 2,500~5,000 / 월 50~70'],
    [rent(25000, 0, 100, 0), '보증금 2억 5,000 / 월 100'],
    [rent(10000, 20000, 0, 0), '보증금 1억~2억'],
    [rent(0, 0, 80, 80), '월 80'],
    [rent(0, 0, 0, 0), '-'],
  ])('says %j as %s, never the deposit alone as "월세"', (value, said) => {
    expect(formatMonthlyRent(value, 'ko')).toBe(said);
  });
  it('says it in English with the won amounts', () => {
    expect(formatMonthlyRent(rent(2500, 2500, 50, 50), 'en')).toBe('Deposit ₩25,000,000 / ₩500,000 a month');
  });
  it('keeps a plain price range for the other kinds of deal', () => {
    expect(formatPriceRange(30000, 35000)).toBe('3억원 ~ 3억 5,000만원');
    expect(formatPriceRange(0, 5000)).toBe('5,000만원');
  });
});
