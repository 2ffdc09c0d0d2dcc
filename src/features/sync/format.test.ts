import { describe, expect, it } from 'vitest';
import { formatFieldValue, formatTime } from './format.ts';

describe('conflict values', () => {
  it('shows blanks as a dash, contacts with formatted phones, buildings with their unit counts', () => {
    expect(formatFieldValue({ field: 'f_memo', value: '' })).toBe('-');
    expect(formatFieldValue({ field: 'f_sale_price_min', value: 35000 })).toBe('35,000');
    expect(
      formatFieldValue({ field: 'contacts', value: [{ f_name: '김분양', f_phone: '01012345678' }] }),
    ).toBe('김분양 010-1234-5678');
    expect(formatFieldValue({ field: 'dongs', value: [{ f_dong: '101동', hos: [{}, {}] }] })).toBe(
      '101동 (2)',
    );
    expect(formatFieldValue({ field: 'f_image_urls', value: ['/uploads/2026/11/a.webp'] })).toBe('a.webp');
  });

  it('tells the time in Seoul', () => {
    expect(formatTime({ iso: '2026-11-21T03:05:00.000Z', locale: 'en' })).toBe('12:05');
  });
});
