import { describe, expect, it } from 'vitest';
import { SiteNumberLimits } from '../../../sync/site-fields.ts';
import { typedNumber } from './controls.tsx';

describe('what a registration number field takes as it is typed', () => {
  it('never takes a minus sign: -3 buildings is 3', () => {
    expect(typedNumber({ raw: '-3', decimals: false })).toEqual({ text: '3', value: 3 });
    expect(typedNumber({ raw: '-', decimals: false })).toEqual({ text: '', value: null });
  });

  it('holds a count to the bound the server holds it to', () => {
    const max = SiteNumberLimits.dongCount;
    expect(typedNumber({ raw: '5000', decimals: false, max })).toEqual({ text: '1,000', value: 1000 });
    expect(typedNumber({ raw: '1,000', decimals: false, max })).toEqual({ text: '1,000', value: 1000 });
  });

  it('keeps one decimal point for an area, and drops letters', () => {
    expect(typedNumber({ raw: '84.9.5', decimals: true })).toEqual({ text: '84.95', value: 84.95 });
    expect(typedNumber({ raw: '59.', decimals: true })).toEqual({ text: '59.', value: 59 });
    expect(typedNumber({ raw: '1e3', decimals: false })).toEqual({ text: '13', value: 13 });
  });
});
