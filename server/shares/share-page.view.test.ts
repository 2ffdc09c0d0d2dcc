import { describe, expect, it } from 'vitest';
import { locationToDong } from './share-page.view.ts';

describe('the place a share page gives', () => {
  it.each([
    ['서울특별시 강남구 역삼동 123-45', '서울특별시 강남구 역삼동'],
    ['경기도 성남시 분당구 정자동 178-1 정자아이파크', '경기도 성남시 분당구 정자동'],
    ['서울특별시 성동구 성수동1가 13-1', '서울특별시 성동구 성수동1가'],
    ['서울특별시 종로구 종로1가 24', '서울특별시 종로구 종로1가'],
    ['서울 강남구 역삼1동 700', '서울 강남구 역삼1동'],
    ['충청북도 청주시 흥덕구 오송읍 연제리 123', '충청북도 청주시 흥덕구 오송읍 연제리'],
    ['경기도 가평군 청평면 456', '경기도 가평군 청평면'],
  ])('cuts a lot address after its 동, 가, 읍·면 or 리: %s', (address, place) => {
    expect(locationToDong(address)).toBe(place);
  });

  it.each([
    ['서울특별시 강남구 테헤란로 123', '서울특별시 강남구'],
    ['서울특별시 강남구 봉은사로86길 10 (역삼동)', '서울특별시 강남구'],
    ['경기도 수원시 영통구 광교중앙로 145', '경기도 수원시 영통구'],
    ['세종특별자치시 한누리대로 2130', '세종특별자치시'],
  ])(
    'stops a road address at its 시·군·구, before the road and the building number: %s',
    (address, place) => {
      expect(locationToDong(address)).toBe(place);
    },
  );

  it('gives nothing for an address that starts with a number or Latin letters', () => {
    expect(locationToDong('123 Teheran-ro')).toBe('');
    expect(locationToDong('')).toBe('');
  });
});
