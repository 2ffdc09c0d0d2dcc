import type { MessageDescriptor } from '@lingui/core';
import type { SiteContact } from '../../../sync/site-fields.ts';
import {
  normalizeSiteForSave,
  openDateInRange,
  type RegistrationFields,
} from '../../../sync/sites/registration.ts';
import {
  checkAddUnit,
  checkAreaEntry,
  checkRegistration,
  checkUnit,
  declaredUnits,
  normalizeRegistration,
  normalizeUnit,
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

/** The fields as a save sends them: the typed contact pair added (spec §5), then normalised. */
export function fieldsForSave({
  fields,
  pending,
}: {
  fields: RegistrationFields;
  pending: SiteContact;
}): RegistrationFields {
  return normalizeSiteForSave(normalizeRegistration(fields, pending));
}

/** Step 1 in the order of spec §5, then the area entries, the open-date years and the group choice. */
export function checkStep1({
  fields,
  now,
  groupsCount,
  registering,
}: {
  fields: RegistrationFields;
  now: Date;
  groupsCount: number;
  registering: boolean;
}): FormProblem | null {
  const failure = checkRegistration(fields);
  if (failure) return { message: siteRuleText[failure.rule], field: failure.field };
  for (const [i, room] of fields.rooms.entries()) {
    const own = room.f_area === 'R';
    const entry = checkAreaEntry({
      f_room: room.f_room,
      size: own ? room.f_real_size : room.f_exclusive_size,
      pyong: own ? room.f_real_pyong : room.f_exclusive_pyong,
    });
    if (entry) return { message: areaRuleText[entry.rule], field: `rooms.${i}` };
  }
  if (!openDateInRange({ date: fields.f_open_date, now })) {
    return { message: registrationText.openDateRange, field: 'f_open_date' };
  }
  if (registering && groupsCount > 0 && fields.f_group_idx === null) {
    return { message: registrationText.groupRequired, field: 'f_group_idx' };
  }
  return null;
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
