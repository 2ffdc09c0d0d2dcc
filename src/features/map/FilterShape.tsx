import { Trans, useLingui } from '@lingui/react/macro';
import { type Range, SLIDERS, type SliderName } from '../../../sync/map/filter-state.ts';
import type { TransLetter } from '../../../sync/map/query.ts';
import { formatManwon, formatNumber } from '../../lib/format.ts';
import { type SectionProps, toggle } from './filter-section.ts';
import { transLabels } from './labels.ts';
import { RangeSlider } from './RangeSlider.tsx';

const LETTERS: readonly TransLetter[] = ['T', 'C', 'I', 'M'];

/** Transaction types and their price sliders (spec §9 ranges, steps and "unlimited" tops). */
export function FilterShape({ filter, set }: SectionProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const shown = (l: TransLetter) => filter.trans.length === 0 || filter.trans.includes(l);
  const money = (name: SliderName) => (v: number) =>
    v <= 0 ? '0' : formatManwon(v * SLIDERS[name].factor, locale);
  const slider = (name: 'sale' | 'charter' | 'invest' | 'deposit' | 'rent', label: string) => (
    <RangeSlider
      label={label}
      spec={SLIDERS[name]}
      value={filter[name]}
      onChange={(range: Range) => set({ [name]: range })}
      format={name === 'rent' ? (v) => (v <= 0 ? '0' : `${formatNumber(v)}${t`10k won`}`) : money(name)}
    />
  );
  return (
    <div className="filter-section">
      <fieldset className="chips">
        <legend>
          <Trans>Transaction type</Trans>
        </legend>
        {LETTERS.map((l) => (
          <label key={l} className="chip">
            <input
              type="checkbox"
              checked={filter.trans.includes(l)}
              onChange={() => set({ trans: toggle(filter.trans, l) })}
            />
            {i18n._(transLabels[l])}
          </label>
        ))}
      </fieldset>
      {shown('T') ? slider('sale', t`Sale price`) : null}
      {shown('C') ? slider('charter', t`Charter price`) : null}
      {shown('I') ? slider('invest', t`Investment amount`) : null}
      {shown('M') ? (
        <>
          {slider('deposit', t`Monthly deposit`)}
          {slider('rent', t`Monthly rent`)}
        </>
      ) : null}
      <div className="chips">
        {shown('C') ? (
          <>
            <label className="chip">
              <input
                type="checkbox"
                checked={filter.safeCharter}
                onChange={(e) => set({ safeCharter: e.target.checked })}
              />
              <Trans>Safe charter</Trans>
            </label>
            <label className="chip">
              <input type="checkbox" checked={filter.smb} onChange={(e) => set({ smb: e.target.checked })} />
              <Trans>SMB loan</Trans>
            </label>
          </>
        ) : null}
        <label className="chip">
          <input
            type="checkbox"
            checked={filter.hideInquire}
            onChange={(e) => set({ hideInquire: e.target.checked, inquireOnly: false })}
          />
          <Trans>Hide price on inquiry</Trans>
        </label>
      </div>
    </div>
  );
}
