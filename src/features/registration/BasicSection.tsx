import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { RegistrationFields } from '../../../sync/sites/registration.ts';
import { FieldProblem, useFieldProblem } from '../../ui/field-problems.tsx';
import { useAddressSearch } from './AddressSearchPopup.tsx';

export type BasicFields = Pick<
  RegistrationFields,
  | 'f_name'
  | 'f_address1'
  | 'f_address2'
  | 'f_latitude'
  | 'f_longitude'
  | 'f_bjd_code'
  | 'f_land_type'
  | 'f_main_no'
  | 'f_sub_no'
>;

/**
 * Name and address (spec §2): the address comes from the search popup (quick search, postcode or
 * a point on the map), which fills the lot address, its coordinates and parcel parts (legal-dong
 * code, mountain flag, main and sub numbers); the detail line is typed.
 */
export function BasicSection({
  fields,
  update,
  onAddressChanged,
  disabled = false,
}: {
  fields: BasicFields;
  update: (patch: Partial<BasicFields>) => void;
  onAddressChanged?: () => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const nameId = useId();
  const detailId = useId();
  const searchAddress = useAddressSearch();
  const nameProblem = useFieldProblem('f_name');
  const addressProblem = useFieldProblem('f_address1');

  const pickAddress = async () => {
    const point =
      fields.f_latitude !== null && fields.f_longitude !== null
        ? { lat: fields.f_latitude, lng: fields.f_longitude }
        : null;
    const pick = await searchAddress({ text: fields.f_address1, point });
    if (!pick) return;
    if (pick.kind === 'point') {
      // A place on the map with no address known there: its coordinates, the address as it was.
      update({
        f_latitude: pick.point.lat,
        f_longitude: pick.point.lng,
        f_bjd_code: null,
        f_land_type: null,
        f_main_no: null,
        f_sub_no: null,
      });
    } else if (pick.kind === 'found') {
      const a = pick.address;
      update({
        f_address1: a.address_name,
        f_latitude: a.latitude,
        f_longitude: a.longitude,
        f_bjd_code: a.b_code,
        f_land_type: a.land_type,
        f_main_no: a.main_address_no,
        f_sub_no: a.sub_address_no,
      });
    } else {
      // Typed by hand: no coordinates or parcel parts until the address is searched online.
      update({
        f_address1: pick.text,
        f_latitude: null,
        f_longitude: null,
        f_bjd_code: null,
        f_land_type: null,
        f_main_no: null,
        f_sub_no: null,
      });
    }
    onAddressChanged?.();
  };

  return (
    <section className="card reg-section" aria-label={t`Name and address`}>
      <div className="field">
        <label htmlFor={nameId}>
          <Trans>Site name</Trans>
        </label>
        <input
          id={nameId}
          value={fields.f_name}
          disabled={disabled}
          maxLength={100}
          onChange={(e) => update({ f_name: e.target.value })}
          {...nameProblem.controlProps}
        />
        <FieldProblem field="f_name" />
      </div>
      <div className="field">
        <span className="field__label">
          <Trans>Address</Trans>
        </span>
        <div className="row">
          <output className="input grow reg-address-value" aria-label={t`Address`}>
            {fields.f_address1 || t`No address chosen`}
          </output>
          {disabled ? null : (
            <button
              type="button"
              className="button"
              onClick={() => void pickAddress()}
              {...addressProblem.controlProps}
            >
              <Trans>Search address</Trans>
            </button>
          )}
        </div>
        <FieldProblem field="f_address1" />
        {fields.f_latitude !== null && fields.f_longitude !== null ? (
          <span className="field__hint">
            {fields.f_latitude.toFixed(5)}, {fields.f_longitude.toFixed(5)}
          </span>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={detailId}>
          <Trans>Detailed address</Trans>
        </label>
        <input
          id={detailId}
          value={fields.f_address2}
          disabled={disabled}
          maxLength={200}
          onChange={(e) => update({ f_address2: e.target.value })}
        />
      </div>
    </section>
  );
}
