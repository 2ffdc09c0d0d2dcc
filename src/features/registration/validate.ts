import type { MessageDescriptor } from '@lingui/core';
import type { SiteContact, SiteRoom } from '../../../sync/site-fields.ts';
import {
  normalizeSiteForSave,
  openDateInRange,
  type RegistrationFields,
} from '../../../sync/sites/registration.ts';
import {
  checkAddUnit,
  checkAreaEntry,
  checkUnit,
  declaredUnits,
  normalizeRegistration,
  normalizeUnit,
  registrationFailures,
} from '../../../sync/sites/rules.ts';
import { areaRuleText, registrationText, siteRuleText, unitRuleText } from './rule-messages.ts';

/**
 * The form side of spec §5: the same rules the server runs (sync/sites/rules.ts), answered
 * with the form's message and the field to show it at. The server checks again on save.
 */
export interface FormProblem {
  message: MessageDescriptor;
  field: string;
  /** For a unit: which building and unit (the message names them). */
  dong?: number;
  ho?: number;
}

/** An area entry as typed in the area section, before "Add area". */
export interface TypedArea {
  room: number | null;
  kind: 'E' | 'R';
  sqm: number | null;
  pyeong: number | null;
}

export const noTypedArea: TypedArea = { room: null, kind: 'E', sqm: null, pyeong: null };

/** The typed area as an entry of the site's areas, or null while the entry rule refuses it. */
export function areaEntryOf(typed: TypedArea): SiteRoom | null {
  const { room, sqm, pyeong } = typed;
  if (checkAreaEntry({ f_room: room, size: sqm, pyong: pyeong }) || room === null || !sqm || !pyeong)
    return null;
  return typed.kind === 'E'
    ? {
        f_room: room,
        f_area: 'E',
        f_exclusive_size: sqm,
        f_exclusive_pyong: pyeong,
        f_real_size: 0,
        f_real_pyong: 0,
      }
    : {
        f_room: room,
        f_area: 'R',
        f_exclusive_size: 0,
        f_exclusive_pyong: 0,
        f_real_size: sqm,
        f_real_pyong: pyeong,
      };
}

/** Something was typed in the area entry that is not in the list yet. */
export function hasTypedArea(typed: TypedArea | undefined): boolean {
  return !!typed && (typed.room !== null || !!typed.sqm || !!typed.pyeong);
}

/**
 * The fields as a save sends them: the typed contact pair and a complete typed area added (an
 * agent who typed them without tapping "add" meant them, spec §5), then normalised.
 */
export function fieldsForSave({
  fields,
  pending,
  pendingArea,
}: {
  fields: RegistrationFields;
  pending: SiteContact;
  pendingArea?: TypedArea | undefined;
}): RegistrationFields {
  const area = pendingArea ? areaEntryOf(pendingArea) : null;
  const withArea = area ? { ...fields, rooms: [...fields.rooms, area] } : fields;
  return normalizeSiteForSave(normalizeRegistration(withArea, pending));
}

interface Step1Input {
  fields: RegistrationFields;
  now: Date;
  groupsCount: number;
  registering: boolean;
}

/** Step 1 in the order of spec §5, then the area entries, the open-date years and the group choice. */
export function checkStep1(input: Step1Input): FormProblem | null {
  return step1Problems(input)[0] ?? null;
}

/** Every problem of step 1, at most one per field, in the order checkStep1 answers the first. */
export function step1Problems({ fields, now, groupsCount, registering }: Step1Input): FormProblem[] {
  const problems: FormProblem[] = registrationFailures(fields).map((failure) => ({
    message: siteRuleText[failure.rule],
    field: failure.field,
  }));
  if (!problems.some((p) => p.field === 'rooms')) {
    for (const [i, room] of fields.rooms.entries()) {
      const own = room.f_area === 'R';
      const entry = checkAreaEntry({
        f_room: room.f_room,
        size: own ? room.f_real_size : room.f_exclusive_size,
        pyong: own ? room.f_real_pyong : room.f_exclusive_pyong,
      });
      if (entry) {
        problems.push({ message: areaRuleText[entry.rule], field: `rooms.${i}` });
        break;
      }
    }
  }
  if (!openDateInRange({ date: fields.f_open_date, now })) {
    problems.push({ message: registrationText.openDateRange, field: 'f_open_date' });
  }
  if (registering && groupsCount > 0 && fields.f_group_idx === null) {
    problems.push({ message: registrationText.groupRequired, field: 'f_group_idx' });
  }
  return problems;
}

/** Step 2: every building named and within its count, every unit saved by the unit rules. */
export function checkBuildings(fields: RegistrationFields): FormProblem | null {
  for (const [d, dong] of fields.dongs.entries()) {
    const named = checkAddUnit({ ...dong, hos: [] });
    if (named) return { message: unitRuleText[named.rule], field: named.field, dong: d };
    if (dong.hos.length > declaredUnits(dong))
      return { message: unitRuleText.dongLimit, field: 'hos', dong: d };
    for (const [h, ho] of dong.hos.entries()) {
      const failure = checkUnit(normalizeUnit(ho, { isNew: ho.f_idx === undefined }));
      if (failure) return { message: unitRuleText[failure.rule], field: failure.field, dong: d, ho: h };
    }
  }
  return null;
}
