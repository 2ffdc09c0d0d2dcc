import { describe, expect, it } from 'vitest';
import { shortPlace } from './place.ts';

describe("a new-site card's place", () => {
  it('names the district and neighbourhood without the province or city', () => {
    expect(shortPlace('서울특별시 강서구 염창동 253-18')).toBe('강서구 염창동');
    expect(shortPlace('경기도 성남시 분당구 정자동 12')).toBe('성남시 분당구');
  });

  it('keeps a short address as it is', () => {
    expect(shortPlace('강남구 역삼동')).toBe('강남구 역삼동');
    expect(shortPlace('')).toBe('');
  });
});
