import { Trans, useLingui } from '@lingui/react/macro';
import type { RegistrationFields } from '../../../sync/sites/registration.ts';
import { TransType } from '../../../sync/sites/rules.ts';
import { ChoiceChips, FlagBox, joinList, listOf, NumberField } from './controls.tsx';
import { dealLabels } from './labels.ts';

type MoneyKey = {
  [K in keyof RegistrationFields]: K extends `f_${string}_min` | `f_${string}_max` ? K : never;
}[keyof RegistrationFields];
type InquireKey =
  | 'f_site_inquire_sale'
  | 'f_site_inquire_charter'
  | 'f_site_inquire_invest'
  | 'f_site_inquire_monthly';

function Range({
  label,
  fields,
  min,
  max,
  update,
  unit,
}: {
  label: string;
  fields: RegistrationFields;
  min: MoneyKey;
  max: MoneyKey;
  update: (patch: Partial<RegistrationFields>) => void;
  unit: string;
}) {
  const { t } = useLingui();
  return (
    <div className="field-pair reg-range">
      <NumberField
        label={t`${label} (min)`}
        value={fields[min]}
        unit={unit}
        onChange={(n) => update({ [min]: Math.max(0, Math.round(n ?? 0)) })}
      />
      <span className="field-pair__arrow">~</span>
      <NumberField
        label={t`${label} (max)`}
        value={fields[max]}
        unit={unit}
        onChange={(n) => update({ [max]: Math.max(0, Math.round(n ?? 0)) })}
      />
    </div>
  );
}

/**
 * Transaction types and their prices in units of 10,000 won (spec §2, §5): a price range per chosen type,
 * or "price on inquiry", which zeroes it. A lone min or max is used for both when saved;
 * monthly rent needs the deposit and the rent; unchosen types are zeroed.
 */
export function DealSection({
  fields,
  update,
}: {
  fields: RegistrationFields;
  update: (patch: Partial<RegistrationFields>) => void;
}) {
  const { t, i18n } = useLingui();
  const chosen = new Set(listOf(fields.f_transaction_type).map(Number));
  const unit = t`10,000 won`;
  const inquire = (key: InquireKey) => (
    <FlagBox label={t`Price on inquiry`} value={fields[key]} onChange={(value) => update({ [key]: value })} />
  );
  return (
    <section className="card reg-section" aria-label={t`Transaction and prices`}>
      <ChoiceChips
        legend={t`Transaction types`}
        options={dealLabels.map((label, i) => ({ value: String(i), label: i18n._(label) }))}
        selected={listOf(fields.f_transaction_type)}
        multiple
        onChange={(values) => update({ f_transaction_type: joinList([...values].sort()) })}
      />
      {chosen.has(TransType.sale) ? (
        <fieldset className="reg-deal">
          <legend>{i18n._(dealLabels[TransType.sale])}</legend>
          {inquire('f_site_inquire_sale')}
          {fields.f_site_inquire_sale === 'Y' ? null : (
            <>
              <Range
                label={t`Sale price`}
                fields={fields}
                min="f_sale_price_min"
                max="f_sale_price_max"
                update={update}
                unit={unit}
              />
              <Range
                label={t`Collateral`}
                fields={fields}
                min="f_collateral_price_min"
                max="f_collateral_price_max"
                update={update}
                unit={unit}
              />
            </>
          )}
        </fieldset>
      ) : null}
      {chosen.has(TransType.charter) ? (
        <fieldset className="reg-deal">
          <legend>{i18n._(dealLabels[TransType.charter])}</legend>
          {inquire('f_site_inquire_charter')}
          {fields.f_site_inquire_charter === 'Y' ? null : (
            <Range
              label={t`Charter price`}
              fields={fields}
              min="f_charter_price_min"
              max="f_charter_price_max"
              update={update}
              unit={unit}
            />
          )}
          <div className="row wrap">
            <FlagBox
              label={t`Safe charter`}
              value={fields.f_safe_charter}
              onChange={(v) => update({ f_safe_charter: v })}
            />
            <FlagBox label={t`SMB loan`} value={fields.f_smb} onChange={(v) => update({ f_smb: v })} />
          </div>
        </fieldset>
      ) : null}
      {chosen.has(TransType.invest) ? (
        <fieldset className="reg-deal">
          <legend>{i18n._(dealLabels[TransType.invest])}</legend>
          {inquire('f_site_inquire_invest')}
          {fields.f_site_inquire_invest === 'Y' ? null : (
            <Range
              label={t`Investment`}
              fields={fields}
              min="f_invest_price_min"
              max="f_invest_price_max"
              update={update}
              unit={unit}
            />
          )}
        </fieldset>
      ) : null}
      {chosen.has(TransType.monthly) ? (
        <fieldset className="reg-deal">
          <legend>{i18n._(dealLabels[TransType.monthly])}</legend>
          {inquire('f_site_inquire_monthly')}
          {fields.f_site_inquire_monthly === 'Y' ? null : (
            <>
              <Range
                label={t`Deposit`}
                fields={fields}
                min="f_monthly_deposit_min"
                max="f_monthly_deposit_max"
                update={update}
                unit={unit}
              />
              <Range
                label={t`Rent`}
                fields={fields}
                min="f_monthly_rent_min"
                max="f_monthly_rent_max"
                update={update}
                unit={unit}
              />
            </>
          )}
        </fieldset>
      ) : null}
      <p className="field__hint">
        <Trans>Type only the minimum or the maximum and it is used for both.</Trans>
      </p>
    </section>
  );
}
