import { Trans, useLingui } from '@lingui/react/macro';
import { MAEMUL_TYPES } from '../../../sync/map/query.ts';
import { type SectionProps, toggle } from './filter-section.ts';
import { maemulLabels } from './labels.ts';

/** Site kind and property types. */
export function FilterCategory({ filter, set }: SectionProps) {
  const { t, i18n } = useLingui();
  const kinds = [
    { value: '', label: t`All` },
    { value: 'O', label: t`New open` },
    { value: 'G', label: t`General` },
  ] as const;
  return (
    <div className="filter-section">
      <fieldset className="chips">
        <legend>
          <Trans>Site kind</Trans>
        </legend>
        {kinds.map((k) => (
          <label key={k.value} className="chip">
            <input
              type="radio"
              name="site-kind"
              checked={filter.siteType === k.value}
              onChange={() => set({ siteType: k.value })}
            />
            {k.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="chips">
        <legend>
          <Trans>Property type</Trans>
        </legend>
        {MAEMUL_TYPES.map((type) => (
          <label key={type} className="chip">
            <input
              type="checkbox"
              checked={filter.maemul.includes(type)}
              onChange={() => set({ maemul: toggle(filter.maemul, type) })}
            />
            {i18n._(maemulLabels[type] ?? maemulLabels[0]!)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
