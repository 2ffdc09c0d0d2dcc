import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useId, useState } from 'react';
import { ImageKind } from '../../../sync/api/uploads.api.ts';
import { Limits } from '../../../sync/constants.ts';
import type { FormHo } from '../../../sync/sites/registration.ts';
import {
  checkUnit,
  normalizeUnit,
  sanitizeUnitName,
  sqmToPyeong,
  TransType,
} from '../../../sync/sites/rules.ts';
import { KeptNotice } from '../../ui/KeptNotice.tsx';
import { useKeptState } from '../../ui/kept-form.ts';
import { useModal } from '../../ui/modal.tsx';
import { AreaPair } from './AreaSection.tsx';
import { unitMoney } from './amounts.ts';
import { ChoiceChips, CountPicker, FlagBox, joinList, listOf, MoneyField } from './controls.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { dealLabels } from './labels.ts';
import { roomChips, smallChips, toiletChips } from './RoomsSection.tsx';
import { unitRuleText } from './rule-messages.ts';
import { useAmountCheck } from './useAmountCheck.ts';

export type UnitEditResult = { kind: 'save'; unit: FormHo } | { kind: 'delete' } | null;

type Price =
  | 'f_sale_price'
  | 'f_collateral_price'
  | 'f_charter_price'
  | 'f_investment_price'
  | 'f_monthly_rent_deposit'
  | 'f_monthly_rent';
type Inquire = 'f_inquire_price' | 'f_inquire_charter' | 'f_inquire_investment' | 'f_inquire_month';

/** Deal types of a unit with their prices and "price on inquiry" flag (spec §3 Unit). */
const deals: Array<{
  type: number;
  inquire: Inquire;
  prices: Array<{ key: Price; label: 'sale' | 'collateral' | 'charter' | 'invest' | 'deposit' | 'rent' }>;
}> = [
  {
    type: TransType.sale,
    inquire: 'f_inquire_price',
    prices: [
      { key: 'f_sale_price', label: 'sale' },
      { key: 'f_collateral_price', label: 'collateral' },
    ],
  },
  {
    type: TransType.charter,
    inquire: 'f_inquire_charter',
    prices: [{ key: 'f_charter_price', label: 'charter' }],
  },
  {
    type: TransType.invest,
    inquire: 'f_inquire_investment',
    prices: [{ key: 'f_investment_price', label: 'invest' }],
  },
  {
    type: TransType.monthly,
    inquire: 'f_inquire_month',
    prices: [
      { key: 'f_monthly_rent_deposit', label: 'deposit' },
      { key: 'f_monthly_rent', label: 'rent' },
    ],
  },
];

function UnitForm({
  initial,
  keptKey,
  isNew,
  canDelete,
  template,
  onDone,
}: {
  initial: FormHo;
  keptKey: string;
  isNew: boolean;
  canDelete: boolean;
  template: boolean;
  onDone: (result: UnitEditResult) => void;
}) {
  // What is typed is kept on the device until the popup is saved or closed (src/ui/kept-form.ts):
  // after a reload the same unit opens with it again.
  const kept = useKeptState<FormHo>({ key: keptKey, initial });
  if (!kept.ready) return null;
  return (
    <UnitFields
      unit={kept.value}
      setUnit={kept.set}
      restored={kept.restored}
      onStartOver={kept.reset}
      isNew={isNew}
      canDelete={canDelete}
      template={template}
      onDone={(result) => {
        void kept.discard();
        onDone(result);
      }}
    />
  );
}

function UnitFields({
  unit,
  setUnit,
  restored,
  onStartOver,
  isNew,
  canDelete,
  template,
  onDone,
}: {
  unit: FormHo;
  setUnit: (change: (u: FormHo) => FormHo) => void;
  restored: boolean;
  onStartOver: () => void;
  isNew: boolean;
  canDelete: boolean;
  template: boolean;
  onDone: (result: UnitEditResult) => void;
}) {
  const { t, i18n } = useLingui();
  const nameId = useId();
  const memoId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<FormHo>) => setUnit((u) => ({ ...u, ...patch }));
  const chosen = new Set(listOf(unit.f_trans_type).map(Number));
  const priceLabel = {
    sale: t`Sale price`,
    collateral: t`Collateral`,
    charter: t`Charter price`,
    invest: t`Investment`,
    deposit: t`Deposit`,
    rent: t`Rent`,
  };

  const checkAmounts = useAmountCheck();
  const save = async () => {
    // Household save (spec §4): unchosen deal types reset, inquired prices zeroed, a new unit not complete.
    const normalized = normalizeUnit(unit, { isNew });
    const failure = checkUnit(template ? { ...normalized, f_ho: 'template' } : normalized);
    if (failure) {
      setProblem(i18n._(unitRuleText[failure.rule]));
      return;
    }
    if (!(await checkAmounts({ values: normalized, money: unitMoney }))) return;
    onDone({ kind: 'save', unit: normalized });
  };

  return (
    <form
      className="form reg-unit-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 className="modal__title">
        {template ? <Trans>Values for every new unit</Trans> : <Trans>Unit on floor {unit.f_floor}</Trans>}
      </h2>
      <KeptNotice restored={restored} onStartOver={onStartOver} />
      {template ? null : (
        <div className="field">
          <label htmlFor={nameId}>
            <Trans>Unit number</Trans>
          </label>
          <input
            id={nameId}
            value={unit.f_ho}
            maxLength={20}
            onChange={(e) => set({ f_ho: e.target.value })}
            // Not while typing: a Korean syllable is composed from jamo the rule would strip.
            onBlur={(e) => set({ f_ho: sanitizeUnitName(e.target.value) })}
          />
        </div>
      )}
      <ChoiceChips
        legend={t`Deal types`}
        options={dealLabels.map((label, i) => ({ value: String(i), label: i18n._(label) }))}
        selected={listOf(unit.f_trans_type)}
        multiple
        onChange={(values) => set({ f_trans_type: joinList([...values].sort()) })}
      />
      {deals
        .filter((d) => chosen.has(d.type))
        .map((d) => (
          <fieldset key={d.type} className="reg-deal">
            <legend>{i18n._(dealLabels[d.type as 0 | 1 | 2 | 3])}</legend>
            <FlagBox
              label={t`Price on inquiry`}
              value={unit[d.inquire]}
              onChange={(v) => set({ [d.inquire]: v })}
            />
            {unit[d.inquire] === 'Y'
              ? null
              : d.prices.map((p) => (
                  <MoneyField
                    key={p.key}
                    label={priceLabel[p.label]}
                    value={unit[p.key]}
                    scale="manwon"
                    onChange={(n) => set({ [p.key]: Math.max(0, Math.round(n ?? 0)) })}
                  />
                ))}
            {d.type === TransType.charter ? (
              <div className="row wrap">
                <FlagBox
                  label={t`Safe charter`}
                  value={unit.f_safe_charter}
                  onChange={(v) => set({ f_safe_charter: v })}
                />
                <FlagBox label={t`SMB loan`} value={unit.f_smb} onChange={(v) => set({ f_smb: v })} />
              </div>
            ) : null}
          </fieldset>
        ))}
      <CountPicker
        legend={t`Rooms`}
        chips={roomChips}
        max={Limits.maxRooms}
        value={unit.f_room}
        onChange={(f_room) => set({ f_room: f_room as number })}
      />
      <CountPicker
        legend={t`Toilets`}
        chips={toiletChips}
        max={Limits.maxToilets}
        value={unit.f_toilet}
        onChange={(f_toilet) => set({ f_toilet: f_toilet as number })}
      />
      <CountPicker
        legend={t`Verandas`}
        chips={smallChips}
        max={Limits.maxVerandas}
        value={unit.f_veranda}
        onChange={(v) => set({ f_veranda: v ?? 0 })}
      />
      <CountPicker
        legend={t`Utility rooms`}
        chips={smallChips}
        max={Limits.maxUtilityRooms}
        value={unit.f_utility_room}
        onChange={(v) => set({ f_utility_room: v ?? 0 })}
      />
      <div className="row wrap">
        <FlagBox label={t`Duplex`} value={unit.f_duplex} onChange={(f_duplex) => set({ f_duplex })} />
        <FlagBox label={t`Terrace`} value={unit.f_teras} onChange={(f_teras) => set({ f_teras })} />
      </div>
      <AreaPair
        sqm={unit.f_exclusive_size || null}
        pyeong={unit.f_exclusive_size ? sqmToPyeong(unit.f_exclusive_size) : null}
        onChange={({ sqm }) => set({ f_exclusive_size: sqm ?? 0 })}
        sqmLabel={t`Exclusive area (㎡)`}
        pyeongLabel={t`Exclusive area (pyeong)`}
      />
      <AreaPair
        sqm={unit.f_real_size || null}
        pyeong={unit.f_real_size ? sqmToPyeong(unit.f_real_size) : null}
        onChange={({ sqm }) => set({ f_real_size: sqm ?? 0 })}
        sqmLabel={t`Supply area (㎡)`}
        pyeongLabel={t`Supply area (pyeong)`}
      />
      <div className="field">
        <label htmlFor={memoId}>
          <Trans>Memo</Trans>
        </label>
        <textarea
          id={memoId}
          rows={2}
          maxLength={2000}
          value={unit.f_memo}
          onChange={(e) => set({ f_memo: e.target.value })}
        />
      </div>
      <ImagePicker
        label={t`Unit photos`}
        value={unit.f_image_urls}
        kind={ImageKind.photo}
        onChange={(f_image_urls) => set({ f_image_urls })}
      />
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="modal__actions">
        {canDelete && !template ? (
          <button type="button" className="button button--danger" onClick={() => onDone({ kind: 'delete' })}>
            <Trans>Delete unit</Trans>
          </button>
        ) : null}
        <button type="button" className="button" onClick={() => onDone(null)}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button button--primary">
          <Trans>Save unit</Trans>
        </button>
      </div>
    </form>
  );
}

/**
 * The unit edit popup (spec §2): deal types, prices, inquire flags, rooms (0 shown as 1, 1 as
 * 1.5), toilets, verandas, utility room, duplex, terrace, areas, memo and photos; saved by the
 * household rules of spec §4. Resolves once it has closed.
 */
export function useUnitEditor() {
  const modal = useModal();
  return useCallback(
    ({
      unit,
      keptKey,
      isNew,
      canDelete = false,
      template = false,
    }: {
      unit: FormHo;
      /** What the popup's typing is kept under until it closes: the registration and the unit's place. */
      keptKey: string;
      /** Not yet a unit of a registered site: saving it makes it not complete (spec §4). */
      isNew: boolean;
      canDelete?: boolean;
      /** The values "fill floors" gives every new unit: no name. */
      template?: boolean;
    }) =>
      new Promise<UnitEditResult>((resolve) => {
        let result: UnitEditResult = null;
        modal.open(
          (close) => (
            <UnitForm
              initial={unit}
              keptKey={keptKey}
              isNew={isNew}
              canDelete={canDelete}
              template={template}
              onDone={(r) => {
                result = r;
                close();
              }}
            />
          ),
          () => resolve(result),
        );
      }),
    [modal],
  );
}
