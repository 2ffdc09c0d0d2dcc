import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { grantableTabs } from '../../../sync/admin-tabs.ts';
import {
  type AdminUser,
  findUserByPhoneCall,
  updateAdminAuthorityCall,
} from '../../../sync/api/admin-members.api.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { formatPhone, phoneDigits } from '../../lib/format.ts';
import { toast } from '../../ui/toast.tsx';
import { adminTabLabels } from './admin-tabs.ts';

/** Spec §6 admin manage (super admin): grant or revoke tabs; the first chosen is the starting tab. */
export function ManageScreen() {
  const { t, i18n } = useLingui();
  const { run } = useCall();
  const [phone, setPhone] = useState('');
  const [user, setUser] = useState<AdminUser | null>(null);
  const [tabs, setTabs] = useState<number[]>([]);

  const find = async () => {
    if (phoneDigits(phone).length < 10) return toast(t`Please enter a phone number.`);
    const found = await run(() => api(findUserByPhoneCall, { phone: phoneDigits(phone) }));
    setUser(found ?? null);
    setTabs(found ? found.f_admin_authority.split(',').filter(Boolean).map(Number) : []);
  };

  const toggle = (tab: number) =>
    setTabs((cur) => (cur.includes(tab) ? cur.filter((x) => x !== tab) : [...cur, tab]));

  const save = async () => {
    if (!user) return toast(t`Find the member first.`);
    const res = await run(() =>
      api(updateAdminAuthorityCall, { user_idx: user.f_idx, authority: tabs.join(',') }),
    );
    if (res) setUser({ ...user, f_type: res.f_type, f_admin_authority: res.f_admin_authority });
  };

  return (
    <section className="form">
      <div className="field">
        <label htmlFor="manage-phone">{t`Phone number`}</label>
        <div className="row">
          <input
            id="manage-phone"
            className="grow"
            type="tel"
            value={phone}
            onChange={(e) => setPhone(formatPhone(e.target.value))}
          />
          <button type="button" className="button" onClick={() => void find()}>
            {t`Find`}
          </button>
        </div>
      </div>
      {user ? (
        <>
          <p>
            <strong>{user.f_name}</strong> {user.f_affiliation} · {formatPhone(user.f_phone)} ·{' '}
            {user.f_type === 'A' ? t`Admin` : t`Agent`}
          </p>
          <fieldset>
            <legend>{t`Admin tabs (the first chosen opens first)`}</legend>
            {grantableTabs.map((tab) => (
              <label key={tab} className="choice">
                <input type="checkbox" checked={tabs.includes(tab)} onChange={() => toggle(tab)} />
                {i18n._(adminTabLabels[tab])}
                {tabs[0] === tab ? <span className="badge">{t`Start`}</span> : null}
              </label>
            ))}
          </fieldset>
          <button type="button" className="button button--primary" onClick={() => void save()}>
            {t`Save`}
          </button>
        </>
      ) : null}
    </section>
  );
}
