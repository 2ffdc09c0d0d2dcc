import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyUnit } from '../../../sync/sites/registration.ts';
import { clearLocalData, localDb } from '../../db/db.ts';
import { newSession } from './draft-store.ts';

/** The registration modules as a freshly loaded page has them: nothing in memory. */
async function reloadedSessions(settle?: string) {
  // The page being left finishes its writes first, as it has long before an agent reloads.
  if (settle) await (await import('../../ui/kept-form.ts')).keptForms.read(`registration:${settle}`);
  vi.resetModules();
  return (await import('./session.ts')).registrationSessions;
}

beforeEach(async () => {
  await clearLocalData(localDb);
});

describe('a registration in progress', () => {
  it('comes back after a reload on step 2 with every step-1 field and every unit typed', async () => {
    const sessions = await reloadedSessions();
    const session = newSession({ kind: 'O' });
    sessions.put(session);
    sessions.update(session.key, (s) => ({
      ...s,
      fields: {
        ...s.fields,
        f_name: '힐스테이트 테스트',
        rooms: [{ f_area: 84.5 } as never],
        dongs: [{ f_dong: '101동', hos: [emptyUnit({ floor: 3, name: '301' })] } as never],
      },
      pending: { f_name: '분양사무소', f_phone: '010-1234-5678' },
    }));
    const restored = await (await reloadedSessions(session.key)).restore(session.key);
    expect(restored?.fields.f_name).toBe('힐스테이트 테스트');
    expect(restored?.fields.rooms).toEqual([{ f_area: 84.5 }]);
    expect(restored?.fields.dongs[0]?.hos[0]?.f_ho).toBe('301');
    expect(restored?.pending.f_phone).toBe('010-1234-5678');
  });

  it('is gone after it was saved or cancelled', async () => {
    const sessions = await reloadedSessions();
    const session = newSession({ kind: 'G' });
    sessions.put(session);
    sessions.end(session.key);
    expect(await (await reloadedSessions(session.key)).restore(session.key)).toBeUndefined();
  });
});
