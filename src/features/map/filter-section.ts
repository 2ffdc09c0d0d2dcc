import type { MapFilterState } from '../../../sync/map/filter-state.ts';

/** What every filter section gets: the draft and a way to change part of it. */
export interface SectionProps {
  filter: MapFilterState;
  set: (patch: Partial<MapFilterState>) => void;
}

export function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}
