import { describe, expect, it } from 'vitest';
import { generalSite } from '../../../tests/support/registration-data.ts';
import { fieldsForSave, noTypedArea, step1Problems } from './validate.ts';

const now = new Date();
const noContact = { f_name: '', f_phone: '' };

describe('the registration form’s problems', () => {
  it('lists every field with a problem at once, one message each, the first one first', () => {
    const problems = step1Problems({
      fields: generalSite({ f_name: '', contacts: [], f_fee_type: '', rooms: [] }),
      now,
      groupsCount: 2,
      registering: true,
    });
    expect(problems.map((p) => p.field)).toEqual([
      'f_name',
      'contacts',
      'f_fee_type',
      'rooms',
      'f_group_idx',
    ]);
  });

  it('counts an area typed but not added, and leaves out one that is not complete', () => {
    const site = generalSite({ rooms: [] });
    const typed = { ...noTypedArea, room: 2, sqm: 59.9, pyeong: 18.12 };
    const saved = fieldsForSave({ fields: site, pending: noContact, pendingArea: typed });
    expect(saved.rooms).toEqual([
      {
        f_room: 2,
        f_area: 'E',
        f_exclusive_size: 59.9,
        f_exclusive_pyong: 18.12,
        f_real_size: 0,
        f_real_pyong: 0,
      },
    ]);
    expect(step1Problems({ fields: saved, now, groupsCount: 0, registering: true })).toEqual([]);
    const noRooms = fieldsForSave({
      fields: site,
      pending: noContact,
      pendingArea: { ...typed, room: null },
    });
    expect(noRooms.rooms).toEqual([]);
  });
});
