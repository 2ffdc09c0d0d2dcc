import type { BuildingTitle, ExposedArea, FloorOutline } from '../../../sync/public-data/public-data.ts';
import { parcelOfPnu } from '../../../sync/public-data/public-data.ts';
import {
  asList,
  type BuildingRegister,
  getText,
  num,
  type PageReader,
  type ProviderPage,
  PublicDataError,
  parseProviderJson,
  text,
} from './public-data.ts';

/** Rows per page the register serves at most (spec §9: paging 100). */
export const REGISTER_PAGE_ROWS = 100;

type Raw = Record<string, unknown>;

interface RegisterJson {
  response?: {
    header?: { resultCode?: string; resultMsg?: string };
    body?: { items?: { item?: Raw | Raw[] } | ''; totalCount?: string | number };
  };
}

/**
 * data.go.kr answers a refused key or an exhausted quota with its gateway's XML envelope
 * (OpenAPI_ServiceResponse / cmmMsgHeader / returnReasonCode) even when `_type=json` was asked.
 */
function gatewayFailure(body: string): PublicDataError | null {
  const code = /<returnReasonCode>\s*(\d+)\s*<\/returnReasonCode>/.exec(body)?.[1];
  const reason = /<returnAuthMsg>([^<]*)<\/returnAuthMsg>/.exec(body)?.[1] ?? 'gateway error';
  if (code === undefined) return null;
  // 30 unregistered key, 31 expired key, 32 unregistered IP, 20 access denied.
  if (['20', '30', '31', '32'].includes(code)) return new PublicDataError('key', reason);
  if (code === '22') return new PublicDataError('quota', reason);
  return new PublicDataError('unavailable', reason);
}

/**
 * 건축HUB 건축물대장정보 서비스 (apis.data.go.kr/1613000/BldRgstHubService): the parcel is
 * sigunguCd = pnu[0:5], bjdongCd = pnu[5:10], platGbCd 0 general / 1 mountain, bun and ji
 * padded to 4. Success is resultCode 00; a page holds 100 rows of totalCount.
 */
export function dataGoKrBuildingRegister({
  baseUrl = 'https://apis.data.go.kr/1613000/BldRgstHubService',
  serviceKey,
  fetchImpl = fetch,
}: {
  baseUrl?: string;
  serviceKey: string;
  fetchImpl?: typeof fetch;
}): BuildingRegister {
  async function page({
    operation,
    pnu,
    pageNo,
    signal,
  }: {
    operation: string;
    pnu: string;
    pageNo: number;
    signal: AbortSignal;
  }): Promise<ProviderPage<Raw>> {
    const p = parcelOfPnu(pnu);
    const query = new URLSearchParams({
      serviceKey,
      sigunguCd: p.sigunguCd,
      bjdongCd: p.bjdongCd,
      platGbCd: p.landType === 2 ? '1' : '0',
      bun: p.bun,
      ji: p.ji,
      numOfRows: String(REGISTER_PAGE_ROWS),
      pageNo: String(pageNo),
      _type: 'json',
    });
    const { status, body } = await getText({
      url: `${baseUrl.replace(/\/$/, '')}/${operation}?${query}`,
      signal,
      fetchImpl,
    });
    const failure = gatewayFailure(body);
    if (failure) throw failure;
    if (status === 401 || status === 403) throw new PublicDataError('key', `HTTP ${status}`);
    if (status === 429) throw new PublicDataError('quota', `HTTP ${status}`);
    if (status >= 400) throw new PublicDataError('unavailable', `HTTP ${status}`);
    let json: RegisterJson;
    try {
      // mgmBldrgstPk arrives as a bare integer beyond 2^53: read losslessly.
      json = parseProviderJson(body) as RegisterJson;
    } catch {
      throw new PublicDataError('unavailable', `not JSON: ${body.slice(0, 80)}`);
    }
    const code = json.response?.header?.resultCode;
    // 03 is the register's "no data": an empty parcel, not a failure.
    if (code === '03') return { rows: [], total: 0 };
    if (code !== '00') {
      throw new PublicDataError(
        'unavailable',
        `resultCode ${code}: ${json.response?.header?.resultMsg ?? ''}`,
      );
    }
    const bodyPart = json.response?.body;
    const items = bodyPart?.items === '' || bodyPart?.items === undefined ? [] : asList(bodyPart.items.item);
    return { rows: items, total: num(bodyPart?.totalCount) };
  }

  const reader =
    <T>(operation: string, map: (r: Raw) => T): PageReader<{ pnu: string }, T> =>
    async ({ pnu, pageNo, signal }) => {
      const got = await page({ operation, pnu, pageNo, signal });
      return { rows: got.rows.map(map), total: got.total };
    };

  return {
    source: 'provider',
    pageRows: REGISTER_PAGE_ROWS,
    titles: reader('getBrTitleInfo', toTitle),
    floors: reader('getBrFlrOulnInfo', toFloor),
    exposedAreas: reader('getBrExposPubuseAreaInfo', toExposed),
  };
}

function toTitle(r: Raw): BuildingTitle {
  return {
    mgmBldrgstPk: text(r.mgmBldrgstPk),
    dongNm: text(r.dongNm),
    bldNm: text(r.bldNm),
    useAprDay: text(r.useAprDay),
    mainPurpsCdNm: text(r.mainPurpsCdNm),
    strctCdNm: text(r.strctCdNm),
    grndFlrCnt: num(r.grndFlrCnt),
    ugrndFlrCnt: num(r.ugrndFlrCnt),
    hhldCnt: num(r.hhldCnt),
    hoCnt: num(r.hoCnt),
    fmlyCnt: num(r.fmlyCnt),
    parkingCnt: num(r.indrMechUtcnt) + num(r.oudrMechUtcnt) + num(r.indrAutoUtcnt) + num(r.oudrAutoUtcnt),
    rideUseElvtCnt: num(r.rideUseElvtCnt),
    emgenUseElvtCnt: num(r.emgenUseElvtCnt),
    totArea: num(r.totArea),
    platArea: num(r.platArea),
  };
}

function toFloor(r: Raw): FloorOutline {
  return {
    dongNm: text(r.dongNm),
    flrGbCdNm: text(r.flrGbCdNm),
    flrNo: num(r.flrNo),
    flrNoNm: text(r.flrNoNm),
    mainPurpsCdNm: text(r.mainPurpsCdNm),
    etcPurps: text(r.etcPurps),
    area: num(r.area),
  };
}

function toExposed(r: Raw): ExposedArea {
  return {
    dongNm: text(r.dongNm),
    hoNm: text(r.hoNm),
    flrNo: num(r.flrNo),
    flrGbCdNm: text(r.flrGbCdNm),
    exposPubuseGbCdNm: text(r.exposPubuseGbCdNm),
    mainPurpsCdNm: text(r.mainPurpsCdNm),
    area: num(r.area),
  };
}
