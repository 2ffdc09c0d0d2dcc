import * as v from 'valibot';
import { contactSchema, dongSchema, draftFieldsSchema, hoSchema, roomSchema } from '../site-fields.ts';
import { unregisteredReportSchema } from '../sites/registration.ts';
import { count, int, maybe, str, time } from './answer-fields.ts';

/** `RegistrationFields` (sync/sites/registration.ts): every field of a registration, buildings with ids. */
const formHo = v.object({ ...hoSchema.entries, f_idx: v.optional(int) });
const formDong = v.object({ ...dongSchema.entries, f_idx: v.optional(int), hos: v.array(formHo) });
export const registrationFields = v.object({
  ...v.required(draftFieldsSchema).entries,
  contacts: v.array(contactSchema),
  rooms: v.array(roomSchema),
  dongs: v.array(formDong),
});

export const saveSiteResult = v.strictObject({
  site_idx: int,
  /** Set when some fields met newer server values: kept aside for the member to choose (/sync). */
  conflict_idx: v.optional(int),
  fields: v.optional(v.array(str)),
});

export const registrationResponses = {
  // A temporary save may meet newer server values too: the same answer as a final save.
  addSite: saveSiteResult,
  updateSite: saveSiteResult,
  addSite_app: saveSiteResult,
  updateSite_app: saveSiteResult,
  checkTemporarySave: v.strictObject({ count: count, site_idx: int }),
  removeTemporarySave: v.strictObject({ removed: count }),
  getSiteRegistration: v.strictObject({
    site_idx: int,
    f_user_idx: int,
    f_status: v.picklist(['N', 'P']),
    f_temp_step: int,
    version: int,
    fields: registrationFields,
  }),
  getRegistrationGroups: v.strictObject({ list: v.array(v.strictObject({ f_idx: int, f_name: str })) }),
  addUnregisteredSite: v.strictObject({ site_idx: int }),
  getUnregisteredSite: v.strictObject({
    site_idx: int,
    f_user_idx: int,
    f_confirm: maybe(str),
    f_reg_time: time,
    report: v.required(unregisteredReportSchema),
  }),
};
