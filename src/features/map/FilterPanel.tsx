import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MapFilterState } from '../../../sync/map/filter-state.ts';
import { FilterArea, FilterFee } from './FilterAreaFee.tsx';
import { FilterCategory } from './FilterCategory.tsx';
import { FilterPeriod } from './FilterPeriod.tsx';
import { FilterRoom } from './FilterRoom.tsx';
import { FilterShape } from './FilterShape.tsx';

type Tab = 'category' | 'shape' | 'room' | 'area' | 'fee' | 'period';

/**
 * The filter panel (spec §4 Map): it edits a draft; Apply makes the draft the search's
 * filter (the backup), Cancel throws the draft away and goes back to the backup.
 */
export function FilterPanel({
  draft,
  onDraft,
  onApply,
  onCancel,
  onReset,
  today,
}: {
  draft: MapFilterState;
  onDraft: (filter: MapFilterState) => void;
  onApply: () => void;
  onCancel: () => void;
  onReset: () => void;
  today: string;
}) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('category');
  const tabs: ReadonlyArray<[Tab, string]> = [
    ['category', t`Category`],
    ['shape', t`Deal and price`],
    ['room', t`Rooms`],
    ['area', t`Area`],
    ['fee', t`Fee`],
    ['period', t`Period`],
  ];
  const set = (patch: Partial<MapFilterState>) => onDraft({ ...draft, ...patch });
  const props = { filter: draft, set };
  return (
    <section className="filter-panel" aria-label={t`Filter`}>
      <div className="tabs tabs--scroll" role="tablist">
        {tabs.map(([id, label]) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
      <div className="filter-panel__body" role="tabpanel">
        {tab === 'category' ? <FilterCategory {...props} /> : null}
        {tab === 'shape' ? <FilterShape {...props} /> : null}
        {tab === 'room' ? <FilterRoom {...props} /> : null}
        {tab === 'area' ? <FilterArea {...props} /> : null}
        {tab === 'fee' ? <FilterFee {...props} /> : null}
        {tab === 'period' ? <FilterPeriod {...props} today={today} /> : null}
      </div>
      <div className="filter-panel__actions">
        <button type="button" className="button" onClick={onReset}>
          <Trans>Reset</Trans>
        </button>
        <button type="button" className="button" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="button button--primary" onClick={onApply}>
          <Trans>Apply filter</Trans>
        </button>
      </div>
    </section>
  );
}
