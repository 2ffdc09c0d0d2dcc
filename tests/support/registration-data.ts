import type { UnregisteredReportInput } from '../../sync/sites/registration.ts';
import {
  emptyRegistration,
  type FormDong,
  type RegistrationFields,
  unitName,
} from '../../sync/sites/registration.ts';

/** Test data for registration: complete sites that pass every rule, to be broken one rule at a time. */

const NOW = new Date();

export function generalSite(overrides: Partial<RegistrationFields> = {}): RegistrationFields {
  return {
    ...emptyRegistration({ kind: 'G', now: NOW }),
    f_name: '역삼 그린빌',
    f_address1: '서울특별시 강남구 역삼동 123-4',
    f_latitude: 37.5,
    f_longitude: 127.03,
    contacts: [{ f_name: '김분양', f_phone: '01012345678' }],
    f_maemul_type: '0',
    f_transaction_type: '0',
    f_sale_price_min: 35000,
    f_sale_price_max: 38000,
    f_room_num: 2,
    f_toilet_num: 1,
    f_elevator: 'Y',
    f_fee_type: 'T',
    f_fee_t: 5,
    rooms: [
      {
        f_room: 2,
        f_area: 'E',
        f_exclusive_size: 59.5,
        f_exclusive_pyong: 18,
        f_real_size: 0,
        f_real_pyong: 0,
      },
    ],
    ...overrides,
  };
}

export function building({
  name,
  floors,
  perFloor,
}: {
  name: string;
  floors: number;
  perFloor: number;
}): FormDong {
  const hos: FormDong['hos'] = [];
  for (let floor = 1; floor <= floors; floor++) {
    for (let position = 1; position <= perFloor; position++) {
      hos.push({
        f_floor: floor,
        f_ho: unitName({ floor, position }),
        f_room: 3,
        f_toilet: 2,
        f_veranda: 1,
        f_utility_room: 1,
        f_duplex: 'N',
        f_teras: 'N',
        f_exclusive_size: 84.9,
        f_real_size: 112,
        f_memo: '',
        f_image_urls: [],
        f_complete: 'N',
        f_trans_type: '0',
        f_sale_price: 52000,
        f_collateral_price: 0,
        f_charter_price: 0,
        f_investment_price: 0,
        f_monthly_rent_deposit: 0,
        f_monthly_rent: 0,
        f_inquire_price: 'N',
        f_inquire_charter: 'N',
        f_inquire_investment: 'N',
        f_inquire_month: 'N',
        f_safe_charter: 'N',
        f_smb: 'N',
      });
    }
  }
  return { f_dong: name, f_floor_count: floors, f_units_per_floor: perFloor, f_editable: 'Y', hos };
}

export function newOpenSite(overrides: Partial<RegistrationFields> = {}): RegistrationFields {
  return {
    ...emptyRegistration({ kind: 'O', now: NOW }),
    f_name: '래미안 원베일리',
    f_address1: '서울특별시 서초구 반포동 1-1',
    f_latitude: 37.51,
    f_longitude: 127.0,
    contacts: [{ f_name: '이분양', f_phone: '01098765432' }],
    f_maemul_type: '2,1',
    f_dong_count: 2,
    f_house_count: 8,
    f_elevator: 'Y',
    f_fee_type: 'T',
    f_fee_t: 3,
    rooms: [
      {
        f_room: 3,
        f_area: 'E',
        f_exclusive_size: 84.9,
        f_exclusive_pyong: 25.68,
        f_real_size: 0,
        f_real_pyong: 0,
      },
    ],
    dongs: [
      building({ name: '101동', floors: 2, perFloor: 2 }),
      building({ name: '102동', floors: 2, perFloor: 2 }),
    ],
    ...overrides,
  };
}

export function unregisteredReport(
  overrides: Partial<UnregisteredReportInput> = {},
): UnregisteredReportInput {
  return {
    f_name: '망원 신축 빌라',
    f_address1: '서울특별시 마포구 망원동 400-1',
    f_address2: '',
    contacts: [{ f_name: '박제보', f_phone: '010-2222-3333' }],
    f_maemul_type: '0',
    f_transaction_type: '0,1',
    f_room_num: 2,
    f_toilet_num: 1,
    f_open_date: `${NOW.getFullYear()}-01-01`,
    f_inlay_image_url: [],
    f_memo: '분양 사무실 문의',
    f_fee_type: 'T,C',
    f_fee_t: 5,
    f_fee_c: null,
    ...overrides,
  };
}
