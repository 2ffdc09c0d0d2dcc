import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FeeType, TransLetter } from '../../../sync/map/query.ts';
import { numberFormatter } from '../../lib/format.ts';

/** Property types 0-6 of spec §3. */
export const maemulLabels: readonly MessageDescriptor[] = [
  msg`Villa / multi-household`,
  msg`Officetel`,
  msg`Apartment`,
  msg`City-living house`,
  msg`Townhouse`,
  msg`Detached house`,
  msg`Neighbourhood facility`,
];

export const transLabels: Record<TransLetter, MessageDescriptor> = {
  T: msg`Sale`,
  C: msg`Charter (jeonse)`,
  I: msg`Investment`,
  M: msg`Monthly rent`,
};

export const feeLabels: Record<FeeType, MessageDescriptor> = {
  T: msg`Sale fee`,
  C: msg`Charter fee`,
  I: msg`Investment fee`,
  S: msg`Monthly fee`,
  O: msg`Other fee`,
};

/**
 * A pin's price label, short as Korean map apps write it: 3.2억, 8,500만 (amounts in 만원);
 * in English the won amount in millions or billions.
 */
export function shortPrice(manwon: number, locale: 'ko' | 'en'): string {
  const trim = (n: number) => numberFormatter(locale === 'en' ? 'en' : 'ko').format(Math.round(n * 10) / 10);
  if (locale === 'en') {
    const won = manwon * 10_000;
    return won >= 1e9 ? `₩${trim(won / 1e9)}B` : `₩${trim(won / 1e6)}M`;
  }
  return manwon >= 10_000
    ? `${trim(manwon / 10_000)}억`
    : `${numberFormatter('ko').format(Math.round(manwon))}만`;
}
