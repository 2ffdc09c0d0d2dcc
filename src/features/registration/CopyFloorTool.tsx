import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { FormDong } from '../../../sync/sites/registration.ts';
import { toast } from '../../ui/toast.tsx';
import { copyToFloors } from './buildings.ts';
import { copyFloorRuleText } from './rule-messages.ts';

/**
 * The copy-floor tool (spec §4/§5): a source floor onto one or more target floors, all
 * (units renumbered to the target floor, replacing its units) or photos only. Each rule
 * answers with its own message; nothing happens when there is nothing to copy.
 */
export function CopyFloorTool({ dong, onCopied }: { dong: FormDong; onCopied: (dong: FormDong) => void }) {
  const { t, i18n } = useLingui();
  const sourceId = useId();
  const modeName = useId();
  const floors = Array.from({ length: dong.f_floor_count }, (_, i) => i + 1);
  const [source, setSource] = useState(1);
  const [targets, setTargets] = useState<number[]>([]);
  const [mode, setMode] = useState<'A' | 'P'>('A');
  const others = floors.filter((f) => f !== source);

  const copy = () => {
    const outcome = copyToFloors({ dong, source, targets: [...targets].sort((a, b) => a - b), mode });
    if (outcome.kind === 'noop') {
      toast(t`Nothing to copy.`);
      return;
    }
    if (outcome.kind === 'error') {
      toast(`${t`Floor ${outcome.floor}`}: ${i18n._(copyFloorRuleText[outcome.rule])}`);
      return;
    }
    onCopied(outcome.dong);
    setTargets([]);
    toast(t`Copied.`);
  };

  return (
    <section className="card reg-section" aria-label={t`Copy floor`}>
      <h2 className="section-title">
        <Trans>Copy floor</Trans>
      </h2>
      <div className="field">
        <label htmlFor={sourceId}>
          <Trans>From floor</Trans>
        </label>
        <select id={sourceId} value={source} onChange={(e) => setSource(Number(e.target.value))}>
          {floors.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="reg-chips">
        <legend>
          <Trans>To floors</Trans>
        </legend>
        {others.map((f) => (
          <label key={f} className="reg-chip">
            <input
              type="checkbox"
              checked={targets.includes(f)}
              onChange={(e) =>
                setTargets((list) => (e.target.checked ? [...list, f] : list.filter((x) => x !== f)))
              }
            />
            {f}
          </label>
        ))}
        <button type="button" className="button button--small" onClick={() => setTargets(others)}>
          <Trans>All other floors</Trans>
        </button>
      </fieldset>
      <fieldset className="reg-chips">
        <legend>
          <Trans>What to copy</Trans>
        </legend>
        <label className="reg-chip">
          <input type="radio" name={modeName} checked={mode === 'A'} onChange={() => setMode('A')} />
          <Trans>Everything</Trans>
        </label>
        <label className="reg-chip">
          <input type="radio" name={modeName} checked={mode === 'P'} onChange={() => setMode('P')} />
          <Trans>Photos only</Trans>
        </label>
      </fieldset>
      <button type="button" className="button button--small" onClick={copy}>
        <Trans>Copy</Trans>
      </button>
    </section>
  );
}
