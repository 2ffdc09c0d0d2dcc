import { useLingui } from '@lingui/react/macro';
import { SiteNumberLimits } from '../../../sync/site-fields.ts';
import type { RegistrationFields } from '../../../sync/sites/registration.ts';
import { ChoiceChips, FlagBox, joinList, listOf, NumberField } from './controls.tsx';
import { elevatorLabels, maemulLabels, parkingLabels, residenceLabels } from './labels.ts';

type PropertyFields = Pick<
  RegistrationFields,
  | 'f_site_type'
  | 'f_maemul_type'
  | 'f_dong_count'
  | 'f_house_count'
  | 'f_parking_type'
  | 'f_elevator'
  | 'f_supply_meal'
  | 'f_residence_type'
>;

/**
 * Property type (single for a general site, several for a new-open one, spec §2) and the
 * complex information: buildings and units (new-open), parking, elevator, meals, residence.
 */
export function PropertySection({
  fields,
  update,
}: {
  fields: PropertyFields;
  update: (patch: Partial<PropertyFields>) => void;
}) {
  const { t, i18n } = useLingui();
  const newOpen = fields.f_site_type === 'O';
  return (
    <section className="card reg-section" aria-label={t`Property and complex`}>
      <ChoiceChips
        legend={newOpen ? t`Property types` : t`Property type`}
        options={maemulLabels.map((label, i) => ({ value: String(i), label: i18n._(label) }))}
        selected={listOf(fields.f_maemul_type)}
        multiple={newOpen}
        onChange={(values) => update({ f_maemul_type: joinList([...values].sort()) })}
        field="f_maemul_type"
      />
      {newOpen ? (
        <div className="field-pair field-pair--even">
          <NumberField
            label={t`Number of buildings`}
            value={fields.f_dong_count}
            max={SiteNumberLimits.dongCount}
            onChange={(n) => update({ f_dong_count: Math.max(0, Math.round(n ?? 0)) })}
            field="f_dong_count"
          />
          <NumberField
            label={t`Number of units`}
            value={fields.f_house_count}
            max={SiteNumberLimits.houseCount}
            onChange={(n) => update({ f_house_count: Math.max(0, Math.round(n ?? 0)) })}
          />
        </div>
      ) : null}
      <ChoiceChips
        legend={t`Parking`}
        options={parkingLabels.map((label, i) => ({ value: String(i), label: i18n._(label) }))}
        selected={listOf(fields.f_parking_type)}
        multiple={false}
        onChange={(values) => update({ f_parking_type: joinList(values) })}
      />
      <ChoiceChips
        legend={t`Elevator`}
        options={(['Y', 'N', 'U'] as const).map((value) => ({ value, label: i18n._(elevatorLabels[value]) }))}
        selected={[fields.f_elevator]}
        multiple={false}
        onChange={([value]) => update({ f_elevator: value ?? 'U' })}
        field="f_elevator"
      />
      <ChoiceChips
        legend={t`Residence`}
        options={residenceLabels.map((label, i) => ({ value: i as 0 | 1 | 2, label: i18n._(label) }))}
        selected={[fields.f_residence_type]}
        multiple={false}
        onChange={([value]) => update({ f_residence_type: value ?? 0 })}
      />
      <div className="row wrap">
        <FlagBox
          label={t`Meals provided`}
          value={fields.f_supply_meal}
          onChange={(f_supply_meal) => update({ f_supply_meal })}
        />
      </div>
    </section>
  );
}
