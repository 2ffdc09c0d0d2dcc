import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { SiteNumberLimits } from '../../../sync/site-fields.ts';
import { formatManwon, formatNumber, parseNumber } from '../../lib/format.ts';
import { FieldProblem, useFieldProblem } from '../../ui/field-problems.tsx';
import { type MoneyScale, toManwon } from './amounts.ts';

/**
 * Small form controls of the registration screens. Each takes its value and a change
 * handler; none knows the form it is in.
 */

/**
 * What may be typed in a number field: digits (a decimal point with `decimals`), never a minus
 * sign (no count, area or amount of a site is negative), and at most `max` (the schema's bound in
 * sync/site-fields.ts): a larger number becomes `max` as it is typed.
 */
export function typedNumber({
  raw,
  decimals,
  max,
}: {
  raw: string;
  decimals: boolean;
  max?: number | undefined;
}): { text: string; value: number | null } {
  let text = raw.replace(decimals ? /[^\d.,]/g : /[^\d,]/g, '');
  if (decimals) text = text.replace(/(\..*)\./g, '$1');
  let value = text.trim() === '' ? null : parseNumber(text.replace(/\.$/, ''));
  if (value !== null && max !== undefined && value > max) {
    value = max;
    text = decimals ? String(max) : formatNumber(max);
  }
  return { text, value };
}

/** A number typed with thousands separators (money in 만원, counts); empty is null. */
export function NumberField({
  label,
  value,
  onChange,
  unit,
  decimals = false,
  disabled = false,
  name,
  hint,
  field,
  max,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  unit?: string;
  decimals?: boolean;
  disabled?: boolean;
  name?: string;
  /** The largest number the field takes (its schema's bound). */
  max?: number;
  /** A line under the field (a money field's amount in words). */
  hint?: string;
  /** The form's field it edits: its problem shows under it (src/ui/field-problems.tsx). */
  field?: string;
}) {
  const id = useId();
  const hintId = useId();
  const { controlProps } = useFieldProblem(field);
  const describedBy = [hint ? hintId : null, controlProps['aria-describedby']].filter(Boolean).join(' ');
  const shown = (n: number | null) => (n === null || n === 0 ? '' : decimals ? String(n) : formatNumber(n));
  // While typing, the text is the member's; otherwise it shows the value (a converted area, a loaded draft).
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="field reg-number">
      <label htmlFor={id}>{label}</label>
      <div className="reg-number__row">
        <input
          id={id}
          name={name}
          aria-invalid={controlProps['aria-invalid']}
          aria-describedby={describedBy || undefined}
          inputMode={decimals ? 'decimal' : 'numeric'}
          value={editing ?? shown(value)}
          disabled={disabled}
          onFocus={() => setEditing(shown(value))}
          onChange={(e) => {
            const typed = typedNumber({ raw: e.target.value, decimals, max });
            setEditing(typed.text);
            onChange(typed.value);
          }}
          onBlur={() => setEditing(null)}
        />
        {unit ? <span className="reg-number__unit">{unit}</span> : null}
      </div>
      {hint ? (
        <p id={hintId} className="reg-number__words" data-testid="amount-words">
          {hint}
        </p>
      ) : null}
      {field ? <FieldProblem field={field} /> : null}
    </div>
  );
}

/**
 * A money field: its unit beside it (10,000 won, or 1,000,000 won for fees) and the amount in words
 * under it as it is typed, so a number typed in the wrong unit shows at once (./amounts.ts).
 */
export function MoneyField({
  label,
  value,
  onChange,
  scale,
  disabled = false,
  field,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  scale: MoneyScale;
  disabled?: boolean;
  field?: string;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const words = value ? formatManwon(toManwon({ value, scale }), locale) : undefined;
  return (
    <NumberField
      label={label}
      value={value}
      onChange={onChange}
      unit={scale === 'million' ? t`1,000,000 won` : t`10,000 won`}
      disabled={disabled}
      max={SiteNumberLimits.amount}
      hint={words}
      {...(field ? { field } : {})}
    />
  );
}

export interface Choice<V extends string | number> {
  value: V;
  label: string;
}

/** Chips to pick one (radio) or several (checkbox) of a few options. */
export function ChoiceChips<V extends string | number>({
  legend,
  options,
  selected,
  multiple,
  onChange,
  disabled = false,
  field,
}: {
  legend: string;
  options: ReadonlyArray<Choice<V>>;
  selected: readonly V[];
  multiple: boolean;
  onChange: (selected: V[]) => void;
  disabled?: boolean;
  /** The form's field it edits: its problem shows under the chips, the first chip marked. */
  field?: string;
}) {
  const name = useId();
  const { controlProps } = useFieldProblem(field);
  return (
    <fieldset className="reg-chips" disabled={disabled}>
      <legend>{legend}</legend>
      {options.map((o, i) => (
        <label key={String(o.value)} className="reg-chip">
          <input
            {...(i === 0 ? controlProps : {})}
            type={multiple ? 'checkbox' : 'radio'}
            name={name}
            checked={selected.includes(o.value)}
            onChange={(e) => {
              if (!multiple) onChange([o.value]);
              else if (e.target.checked) onChange([...selected, o.value]);
              else onChange(selected.filter((s) => s !== o.value));
            }}
          />
          {o.label}
        </label>
      ))}
      {field ? <FieldProblem field={field} /> : null}
    </fieldset>
  );
}

/**
 * A count with quick chips and a dropdown for the rest (spec §9: rooms 1, 1.5, 2, 3, 4 then
 * up to 10; toilets 1-3; verandas and utility rooms 0-2).
 */
export function CountPicker({
  legend,
  chips,
  max,
  value,
  onChange,
  disabled = false,
  field,
}: {
  legend: string;
  chips: ReadonlyArray<Choice<number>>;
  max: number;
  value: number | null;
  onChange: (value: number | null) => void;
  disabled?: boolean;
  /** The form's field it edits: its problem shows under the chips, the first chip marked. */
  field?: string;
}) {
  const { t } = useLingui();
  const name = useId();
  const { controlProps } = useFieldProblem(field);
  const highest = Math.max(...chips.map((c) => c.value));
  const rest = Array.from({ length: Math.max(0, max - highest) }, (_, i) => highest + 1 + i);
  return (
    <fieldset className="reg-chips" disabled={disabled}>
      <legend>{legend}</legend>
      {chips.map((c, i) => (
        <label key={c.value} className="reg-chip">
          <input
            type="radio"
            name={name}
            checked={value === c.value}
            onChange={() => onChange(c.value)}
            {...(i === 0 ? controlProps : {})}
          />
          {c.label}
        </label>
      ))}
      {rest.length > 0 ? (
        <select
          aria-label={t`${legend}: more`}
          value={value !== null && value > highest ? String(value) : ''}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">…</option>
          {rest.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      ) : null}
      {field ? <FieldProblem field={field} /> : null}
    </fieldset>
  );
}

/** A Y/N flag as a checkbox. */
export function FlagBox({
  label,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  value: 'Y' | 'N';
  onChange: (value: 'Y' | 'N') => void;
  disabled?: boolean;
}) {
  return (
    <label className="reg-chip">
      <input
        type="checkbox"
        checked={value === 'Y'}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked ? 'Y' : 'N')}
      />
      {label}
    </label>
  );
}

/** A comma list (spec §3 f_maemul_type, f_transaction_type, f_fee_type) as values and back. */
export function listOf(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function joinList(values: ReadonlyArray<string | number>): string {
  return [...values].map(String).join(',');
}

/**
 * Keys for a list whose items may repeat (two equal contacts, the same area twice): the
 * item's own key, with a count for repeats, so React keeps rows apart without using positions.
 */
export function keyed<T>(items: readonly T[], keyOf: (item: T) => string): Array<{ item: T; key: string }> {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = keyOf(item);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { item, key: n === 0 ? base : `${base}#${n}` };
  });
}
