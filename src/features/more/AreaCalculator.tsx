import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { parseNumber, pyeongToSqm, sqmToPyeong } from '../../lib/format.ts';
import { Icon } from '../../ui/Icon.tsx';
import { AreaSwapIcon } from '../../ui/icons.ts';

/** Spec §2 More area calculator: square metres and pyeong convert both ways as either is typed; reset clears. */
export function AreaCalculator() {
  const { t } = useLingui();
  const [sqm, setSqm] = useState('');
  const [pyeong, setPyeong] = useState('');

  const fromSqm = (text: string) => {
    setSqm(text);
    const n = parseNumber(text);
    setPyeong(n === null ? '' : String(sqmToPyeong(n)));
  };
  const fromPyeong = (text: string) => {
    setPyeong(text);
    const n = parseNumber(text);
    setSqm(n === null ? '' : String(pyeongToSqm(n)));
  };

  return (
    <section className="card" aria-label={t`Area calculator`}>
      <h2 className="section-title">{t`Area calculator`}</h2>
      <div className="field-pair">
        <div className="field">
          <label htmlFor="area-sqm">{t`Square metres (㎡)`}</label>
          <input id="area-sqm" inputMode="decimal" value={sqm} onChange={(e) => fromSqm(e.target.value)} />
        </div>
        <span aria-hidden="true" className="field-pair__arrow">
          <Icon data={AreaSwapIcon} size={18} />
        </span>
        <div className="field">
          <label htmlFor="area-pyeong">{t`Pyeong`}</label>
          <input
            id="area-pyeong"
            inputMode="decimal"
            value={pyeong}
            onChange={(e) => fromPyeong(e.target.value)}
          />
        </div>
      </div>
      <div className="modal__actions">
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            setSqm('');
            setPyeong('');
          }}
        >
          {t`Reset`}
        </button>
      </div>
    </section>
  );
}
