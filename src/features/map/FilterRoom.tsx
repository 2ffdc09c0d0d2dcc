import { Trans, useLingui } from '@lingui/react/macro';
import { Limits } from '../../../sync/constants.ts';
import type { SectionProps } from './filter-section.ts';

/** Stored room encoding: 0 is one room, 1 is 1.5 rooms, n ≥ 2 is n. */
const roomChips = [
  { value: 0, label: '1' },
  { value: 1, label: '1.5' },
  { value: 2, label: '2' },
  { value: 3, label: '3' },
] as const;

function CountPicker({
  name,
  legend,
  chips,
  dropdownFrom,
  max,
  value,
  more,
  onChange,
}: {
  name: string;
  legend: string;
  chips: ReadonlyArray<{ value: number; label: string }>;
  dropdownFrom: number;
  max: number;
  value: number | null;
  more: boolean;
  onChange: (value: number | null, more: boolean) => void;
}) {
  const { t } = useLingui();
  const extra = Array.from({ length: max - dropdownFrom + 1 }, (_, i) => dropdownFrom + i);
  return (
    <fieldset className="chips">
      <legend>{legend}</legend>
      <label className="chip">
        <input type="radio" name={name} checked={value === null} onChange={() => onChange(null, false)} />
        {t`Any`}
      </label>
      {chips.map((c) => (
        <label key={c.value} className="chip">
          <input
            type="radio"
            name={name}
            checked={value === c.value}
            onChange={() => onChange(c.value, more)}
          />
          {c.label}
        </label>
      ))}
      <select
        aria-label={t`${legend}: more`}
        value={value !== null && value >= dropdownFrom ? String(value) : ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value), more)}
      >
        <option value="">…</option>
        {extra.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <label className="chip">
        <input
          type="checkbox"
          checked={more}
          disabled={value === null}
          onChange={(e) => onChange(value, e.target.checked)}
        />
        {t`or more`}
      </label>
    </fieldset>
  );
}

/** Rooms, toilets, elevator, duplex, terrace. */
export function FilterRoom({ filter, set }: SectionProps) {
  const { t } = useLingui();
  return (
    <div className="filter-section">
      <CountPicker
        name="rooms"
        legend={t`Rooms`}
        chips={roomChips}
        dropdownFrom={4}
        max={Limits.maxRooms}
        value={filter.room}
        more={filter.roomMore}
        onChange={(room, roomMore) => set({ room, roomMore: room !== null && roomMore })}
      />
      <CountPicker
        name="toilets"
        legend={t`Bathrooms`}
        chips={[
          { value: 1, label: '1' },
          { value: 2, label: '2' },
          { value: 3, label: '3' },
        ]}
        dropdownFrom={4}
        max={Limits.maxToilets}
        value={filter.toilet}
        more={filter.toiletMore}
        onChange={(toilet, toiletMore) => set({ toilet, toiletMore: toilet !== null && toiletMore })}
      />
      <fieldset className="chips">
        <legend>
          <Trans>Elevator</Trans>
        </legend>
        {(
          [
            ['', t`Any`],
            ['Y', t`Yes`],
            ['N', t`No`],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="chip">
            <input
              type="radio"
              name="elevator"
              checked={filter.elevator === value}
              onChange={() => set({ elevator: value })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="chips">
        <label className="chip">
          <input
            type="checkbox"
            checked={filter.duplex}
            onChange={(e) => set({ duplex: e.target.checked })}
          />
          <Trans>Duplex</Trans>
        </label>
        <label className="chip">
          <input type="checkbox" checked={filter.teras} onChange={(e) => set({ teras: e.target.checked })} />
          <Trans>Terrace</Trans>
        </label>
      </div>
    </div>
  );
}
