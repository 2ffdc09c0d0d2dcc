import type * as v from 'valibot';
import type { Message } from './messages.ts';

/**
 * The reason of a -4 in both languages. The contracts (sync/api) write their reasons in English
 * for callers and tests; a Korean user reads this module's Korean instead: by the kind of the
 * valibot issue and its requirement (a length, a bound, a type), or, where only the contract
 * knows what it meant (a format, a rule across fields), by its English sentence in `byReason`.
 * `tests` walk every contract so no reason of theirs falls to the generic sentence.
 */

/** Reasons whose meaning no issue kind carries: formats, rules across fields, the guard's own. */
const byReason: Record<string, string> = {
  // Formats (regex) of the contracts.
  'phone number must be 9 to 11 digits starting with 0': '0으로 시작하는 9~11자리 숫자로 입력해 주세요',
  'code must be 6 digits': '인증번호 6자리 숫자를 입력해 주세요',
  'must be HH:mm': '시간은 00:00 형식으로 입력해 주세요',
  'time must be HH:mm': '시간은 00:00 형식으로 입력해 주세요',
  'must be YYYY-MM-DD': '날짜는 2024-01-31 형식으로 입력해 주세요',
  'must be a date YYYY-MM-DD': '날짜는 2024-01-31 형식으로 입력해 주세요',
  'must be 0, 1, 2 or a date YYYY-MM-DD': '0, 1, 2 또는 2024-01-31 형식의 날짜로 입력해 주세요',
  'must be a real date': '달력에 있는 날짜를 입력해 주세요',
  'must be YYYY-MM or YYYY-MM-DD': '날짜는 2024-01 또는 2024-01-31 형식으로 입력해 주세요',
  'must be a month as YYYY-MM': '월은 2024-01 형식으로 입력해 주세요',
  'year must be 4 digits': '연도는 4자리 숫자로 입력해 주세요',
  'pnu must be 19 digits': '필지 번호(PNU)는 19자리 숫자여야 합니다',
  'must be a number': '숫자로 입력해 주세요',
  'must be a number of days': '일수를 숫자로 입력해 주세요',
  'must be a slot number': '광고 자리 번호를 숫자로 입력해 주세요',
  'level must be 1 to 4': '1부터 4까지의 숫자여야 합니다',
  'lat must be degrees': '위도는 숫자(도 단위)여야 합니다',
  'lng must be degrees': '경도는 숫자(도 단위)여야 합니다',
  'lat must be degrees within Korea': '위도는 대한민국 안의 값이어야 합니다',
  'lng must be degrees within Korea': '경도는 대한민국 안의 값이어야 합니다',
  'lat must be within Korea': '위도는 대한민국 안의 값이어야 합니다',
  'lng must be within Korea': '경도는 대한민국 안의 값이어야 합니다',
  'must be an uploaded image': '업로드한 이미지여야 합니다',
  'must be an uploaded image URL': '업로드한 이미지여야 합니다',
  'must be a comma list of 0-3': '쉼표로 구분한 0~3 숫자여야 합니다',
  'must be a comma list of 0-6': '쉼표로 구분한 0~6 숫자여야 합니다',
  'must be a comma list of TCISO': '쉼표로 구분한 수수료 종류(T, C, I, S, O)여야 합니다',
  'authority must be a comma list of tab numbers': '쉼표로 구분한 관리 탭 번호여야 합니다',
  'idempotency_key must be 8 to 100 letters, digits, - or _': '요청 키 형식이 올바르지 않습니다',
  'client id must be 8 to 64 letters': '기기 식별자 형식이 올바르지 않습니다',
  'draft id must be 8 to 64 letters': '임시 저장 식별자 형식이 올바르지 않습니다',
  'mutation id must be 8 to 64 letters': '변경 식별자 형식이 올바르지 않습니다',
  'malformed cursor': '동기화 위치 형식이 올바르지 않습니다',
  'endpoint must be an https URL': '알림 주소는 https 주소여야 합니다',
  'p256dh must be a P-256 key': '알림 키 형식이 올바르지 않습니다',
  'auth must be 16 bytes': '알림 인증 값 형식이 올바르지 않습니다',
  // Files (instance).
  'an image file is required': '이미지 파일을 골라 주세요',
  'a CSV or XLSX file is required': 'CSV 또는 XLSX 파일을 골라 주세요',
  business_card: '명함 사진을 골라 주세요',
  // Rules across fields (check).
  'an area or a box is required': '지역이나 지도 영역을 골라 주세요',
  'bounds, a radius or a keyword with use_keyword Y is required': '지도 영역, 반경 또는 검색어가 필요합니다',
  'dong_nm and ho_nm go together': '동과 호는 함께 입력해 주세요',
  'lat, lng and radius go together': '위도, 경도, 반경은 함께 입력해 주세요',
  'south, west, north and east go together': '지도 영역의 네 변을 함께 입력해 주세요',
  'south must not exceed north, nor west east': '지도 영역의 남쪽은 북쪽보다, 서쪽은 동쪽보다 클 수 없습니다',
  'must not repeat a value': '같은 값을 두 번 넣을 수 없습니다',
  'no usage plan has that period, made and push': '해당 기간과 횟수의 이용권이 없습니다',
  'point must be one of the charge options': '충전 금액은 충전 상품 중 하나여야 합니다',
  'pay_method must be card, trans or vbank': '결제 수단은 카드, 계좌이체, 가상계좌 중 하나여야 합니다',
  'point must not be 0': '0이 아닌 포인트를 입력해 주세요',
  'period must not be 0': '0이 아닌 일수를 입력해 주세요',
  // What no input may hold (server/http/input-guard.ts, read-input.ts) and other plain reasons.
  'must not contain control characters': '제어 문자를 넣을 수 없습니다',
  'must be valid text': '올바른 문자가 아닙니다',
  'number out of range': '숫자가 허용 범위를 벗어났습니다',
  'must be an object': '형식이 올바르지 않습니다',
  'nested too deeply': '형식이 너무 깊게 중첩되어 있습니다',
  'unknown field': '이 요청에서 받지 않는 항목입니다',
  'multipart/form-data expected': '파일 업로드 형식(multipart/form-data)이어야 합니다',
  'malformed multipart body': '파일 업로드 내용을 읽을 수 없습니다',
  'application/json expected': 'JSON 형식이어야 합니다',
  'malformed JSON': 'JSON을 읽을 수 없습니다',
  'a JSON object expected': 'JSON 객체여야 합니다',
  'image not uploaded yet': '아직 업로드되지 않은 사진입니다',
  'listing number must be a number': '매물 번호는 숫자로 입력해 주세요',
  'an old Excel (.xls) file: save it as .xlsx or CSV':
    '예전 엑셀(.xls) 파일입니다. .xlsx나 CSV로 저장해 주세요',
  'not a CSV or XLSX file': 'CSV나 XLSX 파일이 아닙니다',
  'a damaged XLSX file': '손상된 XLSX 파일입니다',
  'the file has no sheet': '파일에 시트가 없습니다',
  'the file has no rows': '파일에 행이 없습니다',
};

/** Reasons with a part that varies, tried in order after `byReason`. */
const byPattern: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/^(\w+)_min must not exceed \1_max$/, () => '최솟값이 최댓값보다 클 수 없습니다'],
  [/^(\w+)_from must not be after \1_to$/, () => '시작일이 종료일보다 늦을 수 없습니다'],
  [
    /^the box may be at most ([\d.]+) degrees from (south to north|west to east)$/,
    (m) => `지도 영역은 ${m[1]}도 이내여야 합니다`,
  ],
  [/^query string over (\d+) characters$/, (m) => `요청 주소가 ${m[1]}자를 넘습니다`],
  [/^a field name (.+)$/, (m) => `항목 이름: ${koreanReason(m[1] ?? '')}`],
  [/^tab (\d+) cannot be granted$/, (m) => `${m[1]}번 탭은 줄 수 없는 권한입니다`],
  [/^unknown operation (.+)$/, (m) => `알 수 없는 작업입니다: ${m[1]}`],
  [/^missing columns: (.+)$/, (m) => `빠진 열이 있습니다: ${m[1]}`],
  [/^line (\d+): (.+)$/, (m) => `${m[1]}번째 줄: ${m[2]}`],
];

const GENERIC = '올바르지 않은 값입니다';

/** The Korean of a plain English reason (the guard's, a service's); the generic sentence when unknown. */
export function koreanReason(reason: string): string {
  const known = byReason[reason];
  if (known) return known;
  for (const [pattern, say] of byPattern) {
    const m = reason.match(pattern);
    if (m) return say(m);
  }
  return GENERIC;
}

/** Whether `koreanReason` has words of its own for an English reason (the contracts' test asks). */
export function hasKoreanReason(reason: string): boolean {
  return reason in byReason || byPattern.some(([pattern]) => pattern.test(reason));
}

/** What a value of each valibot schema type is, said to a person. */
const typeNames: Record<string, string> = {
  string: '문자',
  number: '숫자',
  boolean: '예/아니오 값',
  object: '항목 묶음',
  strict_object: '항목 묶음',
  loose_object: '항목 묶음',
  array: '목록',
  date: '날짜',
  blob: '파일',
  file: '파일',
  instance: '파일',
};

/** Korean from the issue's own kind and requirement: the numbers come from the schema itself. */
function reasonOfKind(issue: v.BaseIssue<unknown>): string {
  const n = (issue as { requirement?: unknown }).requirement;
  const list = Array.isArray(issue.input);
  switch (issue.type) {
    case 'min_length':
      if (list) return `${n}개 이상 골라 주세요`;
      return n === 1 ? '비어 있습니다. 입력해 주세요' : `${n}자 이상 입력해 주세요`;
    case 'max_length':
      return list ? `${n}개까지만 넣을 수 있습니다` : `${n}자 이하로 입력해 주세요`;
    case 'length':
      return `${n}자여야 합니다`;
    case 'min_value':
      return `${n} 이상이어야 합니다`;
    case 'max_value':
      return `${n} 이하여야 합니다`;
    case 'integer':
      return '정수로 입력해 주세요';
    case 'iso_date':
      return '날짜는 2024-01-31 형식으로 입력해 주세요';
    case 'parse_json':
      return 'JSON을 읽을 수 없습니다';
    case 'picklist': {
      // A short list helps the reader; a long one (the settings' names) is noise.
      const expected = issue.expected ?? '';
      return expected.split('|').length <= 6
        ? `다음 중 하나여야 합니다: ${expected}`
        : '고를 수 있는 값이 아닙니다';
    }
    case 'regex':
      return '형식이 올바르지 않습니다';
    case 'literal':
      return `${issue.expected ?? ''}여야 합니다`;
  }
  if (issue.kind === 'schema') {
    if (issue.received === 'undefined') return '비어 있습니다. 입력해 주세요';
    const name = typeNames[issue.type];
    if (name) return `${name}여야 합니다`;
    return '형식이 올바르지 않습니다';
  }
  return GENERIC;
}

/** The kinds whose reason repeats what was received, as valibot's own English does. */
const QUOTES_INPUT = new Set([
  'regex',
  'picklist',
  'min_value',
  'max_value',
  'integer',
  'number',
  'string',
  'literal',
]);

/**
 * A valibot issue's reason in both languages. A contract's own English sentence is Korean here
 * when it names a format or a rule; otherwise the issue's kind says it with its requirement.
 */
export function issueReason(issue: v.BaseIssue<unknown>): Message {
  const en = issue.message;
  const said = hasKoreanReason(en) ? koreanReason(en) : reasonOfKind(issue);
  const quoted =
    QUOTES_INPUT.has(issue.type) && issue.received !== 'undefined' ? ` (입력: ${issue.received})` : '';
  return { ko: `${said}${quoted}`, en };
}
