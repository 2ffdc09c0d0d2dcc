import type SQLite from 'better-sqlite3';
import * as v from 'valibot';
import {
  defaultMapFilter,
  type MapFilterState,
  type PeriodType,
  type Range,
  SLIDERS,
  type SliderName,
  toMapQuery,
} from '../../sync/map/filter-state.ts';
import { type MapQuery, mapQuerySchema, type TransLetter } from '../../sync/map/query.ts';
import type { Rng } from '../seed/random.ts';

/**
 * Random map searches as agents would make them: a viewport (phone or desktop) somewhere
 * sites are, at a zoom between a whole district and a few streets, with a random handful
 * of filters built through the screen's own filter state, a sort, sometimes a later page.
 */

const TODAY = '2026-11-21';

function sliderRange(rng: Rng, name: SliderName): Range {
  const { max, step } = SLIDERS[name];
  const steps = max / step;
  const a = rng.int(0, steps - 1);
  const b = rng.int(a + 1, steps);
  return [a * step, b * step];
}

function randomFilter(rng: Rng): MapFilterState {
  const f = defaultMapFilter(TODAY);
  if (rng.chance(0.2)) f.siteType = rng.pick(['O', 'G']);
  if (rng.chance(0.15)) f.maemul = rng.subset([0, 1, 2, 3, 4, 5, 6], 1, 3);
  if (rng.chance(0.4)) {
    f.trans = rng.subset<TransLetter>(['T', 'C', 'I', 'M'], 1, 2);
    if (rng.chance(0.7)) f.sale = sliderRange(rng, 'sale');
    if (rng.chance(0.5)) f.charter = sliderRange(rng, 'charter');
    if (rng.chance(0.3)) f.invest = sliderRange(rng, 'invest');
    if (rng.chance(0.3)) f.deposit = sliderRange(rng, 'deposit');
    if (rng.chance(0.3)) f.rent = sliderRange(rng, 'rent');
  }
  if (rng.chance(0.05)) f.safeCharter = true;
  if (rng.chance(0.03)) f.smb = true;
  const inquiry = rng.next();
  if (inquiry < 0.05) f.inquireOnly = true;
  else if (inquiry < 0.1) f.hideInquire = true;
  if (rng.chance(0.15)) {
    f.room = rng.int(0, 4);
    f.roomMore = f.room === 4 || rng.chance(0.3);
  }
  if (rng.chance(0.08)) {
    f.toilet = rng.int(1, 3);
    f.toiletMore = rng.chance(0.5);
  }
  if (rng.chance(0.08)) f.elevator = rng.pick(['Y', 'N']);
  if (rng.chance(0.04)) f.duplex = true;
  if (rng.chance(0.04)) f.teras = true;
  if (rng.chance(0.1)) {
    f.areaType = rng.pick(['E', 'R']);
    if (f.areaType === 'E') f.exclusive = sliderRange(rng, 'exclusive');
    else f.real = sliderRange(rng, 'real');
  }
  if (rng.chance(0.08)) {
    f.feeTypes = rng.subset(['T', 'C', 'I', 'S', 'O'] as const, 1, 2);
    if (rng.chance(0.6)) f.fee = sliderRange(rng, 'fee');
  }
  if (rng.chance(0.08)) f.regMonths = sliderRange(rng, 'regMonths');
  if (rng.chance(0.08)) {
    f.periodType = rng.pick<PeriodType>([0, 1, 3, 6, 12, -1]);
    if (f.periodType === 0) f.openYears = sliderRange(rng, 'openYears');
    if (f.periodType === -1) {
      f.openFrom = `${rng.int(2000, 2026)}-${String(rng.int(1, 12)).padStart(2, '0')}`;
      f.openTo = `${rng.int(2026, 2030)}-${String(rng.int(1, 12)).padStart(2, '0')}`;
    }
  }
  if (rng.chance(0.05)) f.favorite = true;
  return f;
}

/** Degrees of longitude and latitude a viewport spans at a zoom (web-mercator, 256 px tiles). */
function viewport({
  lat,
  lng,
  zoom,
  width,
  height,
}: {
  lat: number;
  lng: number;
  zoom: number;
  width: number;
  height: number;
}) {
  const degPerPx = 360 / 2 ** zoom / 256;
  const halfW = (width / 2) * degPerPx;
  const halfH = (height / 2) * degPerPx * Math.cos((lat * Math.PI) / 180);
  return { south: lat - halfH, north: lat + halfH, west: lng - halfW, east: lng + halfW };
}

export function randomQueries({
  sqlite,
  rng,
  count,
}: {
  sqlite: SQLite.Database;
  rng: Rng;
  count: number;
}): MapQuery[] {
  const maxIdx = sqlite.prepare('SELECT MAX(f_idx) FROM sites').pluck().get() as number;
  const siteAt = sqlite.prepare('SELECT f_name, f_latitude, f_longitude FROM sites WHERE f_idx >= ? LIMIT 1');
  const out: MapQuery[] = [];
  for (let i = 0; i < count; i++) {
    const site = siteAt.get(rng.int(1, maxIdx)) as {
      f_name: string;
      f_latitude: number;
      f_longitude: number;
    };
    // Centred near some site: where agents look is where the sites are.
    const lat = site.f_latitude + (rng.next() - 0.5) * 0.02;
    const lng = site.f_longitude + (rng.next() - 0.5) * 0.02;
    const zoom = Math.round((12 + rng.next() * 5) * 10) / 10;
    const phone = rng.chance(0.5);
    const bounds = viewport({ lat, lng, zoom, width: phone ? 390 : 1280, height: phone ? 700 : 800 });
    let keyword = '';
    let useKeyword = false;
    if (rng.chance(0.1)) {
      const letters = [...site.f_name.replace(/\s+/g, '')];
      const len = rng.chance(0.3) ? 2 : 3;
      const start = rng.int(0, Math.max(0, letters.length - len));
      keyword = letters.slice(start, start + len).join('');
      useKeyword = rng.chance(0.5);
    }
    const area = rng.chance(0.1)
      ? ({ kind: 'radius', lat, lng, km: rng.pick([0.3, 0.5, 1, 2]) } as const)
      : ({ kind: 'bounds', bounds } as const);
    const sortPrice = rng.chance(0.3) ? rng.pick(['PL', 'PH', 'CL', 'CH'] as const) : '';
    const input = toMapQuery({
      filter: randomFilter(rng),
      keyword,
      useKeyword,
      area,
      zoom,
      sort: { site: sortPrice && rng.chance(0.3) ? 'U' : 'S', price: sortPrice },
      offset: rng.chance(0.2) ? rng.int(1, 3) * 10 : 0,
      today: TODAY,
      includeMarkers: true,
    });
    out.push(v.parse(mapQuerySchema, input));
  }
  return out;
}
