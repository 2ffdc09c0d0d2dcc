import { Trans, useLingui } from '@lingui/react/macro';
import type { RegistrationFields } from '../../../sync/sites/registration.ts';
import { TransType } from '../../../sync/sites/rules.ts';
import { ChoiceChips, FlagBox, joinList, listOf, MoneyField } from './controls.tsx';
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
}: {
  label: string;
  fields: RegistrationFields;
  min: MoneyKey;
  max: MoneyKey;
  update: (patch: Partial<RegistrationFields>) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="field-pair reg-range">
      <MoneyField
        label={t`${label} (min)`}
        field={min}
        value={fields[min]}
        scale="manwon"
        onChange={(n) => update({ [min]: Math.max(0, Math.round(n ?? 0)) })}
      />
      <span className="field-pair__arrow">~</span>
      <MoneyField
        label={t`${label} (max)`}
        value={fields[max]}
        scale="manwon"
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
  // In the order of the transaction types; each with its price-on-inquiry flag and ranges.
  const deals: Array<{
    type: (typeof TransType)[keyof typeof TransType];
    inquire: InquireKey;
    ranges: Array<{ label: string; min: MoneyKey; max: MoneyKey }>;
  }> = [
    {
      type: TransType.sale,
      inquire: 'f_site_inquire_sale',
      ranges: [
        { label: t`Sale price`, min: 'f_sale_price_min', max: 'f_sale_price_max' },
        { label: t`Collateral`, min: 'f_collateral_price_min', max: 'f_collateral_price_max' },
      ],
    },
    {
      type: TransType.charter,
      inquire: 'f_site_inquire_charter',
      ranges: [{ label: t`Charter price`, min: 'f_charter_price_min', max: 'f_charter_price_max' }],
    },
    {
      type: TransType.invest,
      inquire: 'f_site_inquire_invest',
      ranges: [{ label: t`Investment`, min: 'f_invest_price_min', max: 'f_invest_price_max' }],
    },
    {
      type: TransType.monthly,
      inquire: 'f_site_inquire_monthly',
      ranges: [
        { label: t`Deposit`, min: 'f_monthly_deposit_min', max: 'f_monthly_deposit_max' },
        { label: t`Rent`, min: 'f_monthly_rent_min', max: 'f_monthly_rent_max' },
      ],
    },
  ];
  return (
    <section className="card reg-section" aria-label={t`Transaction and prices`}>
      <ChoiceChips
        legend={t`Transaction types`}
        options={dealLabels.map((label, i) => ({ value: String(i), label: i18n._(label) }))}
        selected={listOf(fields.f_transaction_type)}
        multiple
        onChange={(values) => update({ f_transaction_type: joinList([...values].sort()) })}
        field="f_transaction_type"
      />
      {deals
        .filter((deal) => chosen.has(deal.type))
        .map(({ type, inquire, ranges }) => (
          <fieldset key={type} className="reg-deal">
            <legend>{i18n._(dealLabels[type])}</legend>
            <FlagBox
              label={t`Price on inquiry`}
              value={fields[inquire]}
              onChange={(value) => update({ [inquire]: value })}
            />
            {fields[inquire] === 'Y'
              ? null
              : ranges.map((range) => <Range key={range.min} {...range} fields={fields} update={update} />)}
            {type === TransType.charter ? (
              <div className="row wrap">
                <FlagBox
                  label={t`Safe charter`}
                  value={fields.f_safe_charter}
                  onChange={(v) => update({ f_safe_charter: v })}
                />
                <FlagBox label={t`SMB loan`} value={fields.f_smb} onChange={(v) => update({ f_smb: v })} />
              </div>
            ) : null}
          </fieldset>
        ))}
      <p className="field__hint">
        <Trans>Type only the minimum or the maximum and it is used for both.</Trans>
      </p>
    </section>
  );
}
