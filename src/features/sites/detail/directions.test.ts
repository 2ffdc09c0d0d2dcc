import { describe, expect, it } from 'vitest';
import { directionsUrl } from './directions.ts';

const site = { lat: 37.4979502, lng: 127.0276368, name: '래미안 원베일리' };

describe('route links to the map apps', () => {
  it('opens 카카오맵 on its web link with the name and the coordinates, latitude first', () => {
    expect(directionsUrl({ app: 'kakao', to: site, appName: 'app.example.com' })).toBe(
      'https://map.kakao.com/link/to/%EB%9E%98%EB%AF%B8%EC%95%88%20%EC%9B%90%EB%B2%A0%EC%9D%BC%EB%A6%AC,37.4979502,127.0276368',
    );
  });

  it('keeps a comma in the name from splitting 카카오맵’s link', () => {
    const url = directionsUrl({ app: 'kakao', to: { ...site, name: '힐스테이트, 2단지' }, appName: 'x' });
    expect(decodeURIComponent(url)).toBe(
      'https://map.kakao.com/link/to/힐스테이트  2단지,37.4979502,127.0276368',
    );
  });

  it('routes 네이버 지도 by car to the site, naming this app', () => {
    const url = new URL(directionsUrl({ app: 'naver', to: site, appName: 'app.example.com' }));
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('nmap://route/car');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      dlat: '37.4979502',
      dlng: '127.0276368',
      dname: '래미안 원베일리',
      appname: 'app.example.com',
    });
  });

  it('gives T map the longitude as x and the latitude as y', () => {
    const url = new URL(directionsUrl({ app: 'tmap', to: site, appName: 'x' }));
    expect(url.protocol).toBe('tmap:');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      goalname: '래미안 원베일리',
      goalx: '127.0276368',
      goaly: '37.4979502',
    });
  });

  it('names a site without a name by its coordinates, and never writes an exponent', () => {
    const url = new URL(
      directionsUrl({ app: 'tmap', to: { lat: 37.5, lng: 127.0000001, name: ' ' }, appName: 'x' }),
    );
    expect(url.searchParams.get('goalname')).toBe('37.5,127.0000001');
  });
});
