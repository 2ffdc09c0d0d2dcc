import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { downloadUserTableCall, type UserTableType } from '../../../sync/api/admin-export.api.ts';
import { downloadFile } from '../../api/download.ts';
import { useCall } from '../../api/useCall.ts';
import { toast } from '../../ui/toast.tsx';

// Officetel standard price file import (admin db tab): its own chunk, so the screen's
// preload list (kept in the entry) stays as it was.
const OfficetelImport = lazy(() => import('./OfficetelImport.tsx'));

const tables: Array<{ type: UserTableType; label: MessageDescriptor; hint: MessageDescriptor }> = [
  {
    type: 'members',
    label: msg`Member list`,
    hint: msg`Every member with status, points, counts and dates.`,
  },
  { type: 'point_log', label: msg`Point history`, hint: msg`Every point charge, grant, deduction and use.` },
  { type: 'login_log', label: msg`Sign-in history`, hint: msg`Every sign-in with its device and IP.` },
];

/** Spec §2 admin db: the member tables as Excel workbooks (built and streamed by the server). */
export function DbScreen() {
  const { t, i18n } = useLingui();
  const { run, pending } = useCall();
  const download = async (type: UserTableType) => {
    const name = await run(() => downloadFile(downloadUserTableCall, { type }));
    if (name) toast(t`Downloaded ${name}.`);
  };
  return (
    <section>
      <p className="muted">{t`Excel files (.xlsx) with Korean column headers; times are Seoul time.`}</p>
      <ul className="db-exports">
        {tables.map(({ type, label, hint }) => {
          const table = i18n._(label);
          return (
            <li key={type} className="card row">
              <div className="grow">
                <strong>{table}</strong>
                <div className="muted">{i18n._(hint)}</div>
              </div>
              <button type="button" className="button" disabled={pending} onClick={() => void download(type)}>
                {t`Download ${table}`}
              </button>
            </li>
          );
        })}
      </ul>
      {/* Officetel standard price file import (admin db tab). */}
      <Suspense fallback={null}>
        <OfficetelImport />
      </Suspense>
    </section>
  );
}
