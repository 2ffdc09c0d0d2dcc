import { useLingui } from '@lingui/react/macro';
import type { RegistrationFields } from '../../../sync/sites/registration.ts';
import { type FeeType, feeTypes } from '../../../sync/sites/rules.ts';
import { ChoiceChips, FlagBox, joinList, listOf, MoneyField } from './controls.tsx';
import { feeTypeLabels, hitLabels } from './labels.ts';

type Lower = Lowercase<FeeType>;
const value = (fee: FeeType) => `f_fee_${fee.toLowerCase() as Lower}` as const;
const hit = (fee: FeeType) => `f_fee_${fee.toLowerCase() as Lower}_hit` as const;
const inquire = (fee: FeeType) => `f_fee_site_inquire_${fee.toLowerCase() as Lower}` as const;

/**
 * Fee types and values (spec §2, §5): a value in millions of won and a hit type (single, double, none)
 * per chosen type; a value defaults to 0 and is 0 when the fee is "on inquiry".
 */
export function FeeSection({
  fields,
  update,
}: {
  fields: RegistrationFields;
  update: (patch: Partial<RegistrationFields>) => void;
}) {
  const { t, i18n } = useLingui();
  const chosen = listOf(fields.f_fee_type) as FeeType[];
  return (
    <section className="card reg-section" aria-label={t`Fees`}>
      <ChoiceChips
        legend={t`Fee types`}
        options={feeTypes.map((fee) => ({ value: fee, label: i18n._(feeTypeLabels[fee]) }))}
        selected={chosen}
        multiple
        onChange={(values) => update({ f_fee_type: joinList(feeTypes.filter((f) => values.includes(f))) })}
        field="f_fee_type"
      />
      {feeTypes
        .filter((fee) => chosen.includes(fee))
        .map((fee) => {
          const label = i18n._(feeTypeLabels[fee]);
          return (
            <fieldset key={fee} className="reg-deal">
              <legend>{label}</legend>
              <FlagBox
                label={t`Fee on inquiry`}
                value={fields[inquire(fee)]}
                onChange={(v) => update({ [inquire(fee)]: v })}
              />
              {fields[inquire(fee)] === 'Y' ? null : (
                <MoneyField
                  label={t`${label} amount`}
                  value={fields[value(fee)]}
                  scale="million"
                  onChange={(n) => update({ [value(fee)]: Math.max(0, Math.round(n ?? 0)) })}
                />
              )}
              <ChoiceChips
                legend={t`${label} hit`}
                options={hitLabels.map((l, i) => ({ value: i as 0 | 1 | 2, label: i18n._(l) }))}
                selected={[fields[hit(fee)]]}
                multiple={false}
                onChange={([h]) => update({ [hit(fee)]: h ?? 0 })}
              />
            </fieldset>
          );
        })}
    </section>
  );
}
