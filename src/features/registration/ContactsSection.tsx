import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Limits } from '../../../sync/constants.ts';
import type { SiteContact } from '../../../sync/site-fields.ts';
import { formatPhone, phoneDigits } from '../../lib/format.ts';
import { FieldProblem, useFieldProblem } from '../../ui/field-problems.tsx';
import { keyed } from './controls.tsx';

/**
 * Contacts (spec §2, max 5). A pair typed but not added is added by the save when there is
 * room (spec §5), so the member does not lose it by forgetting the button.
 */
export function ContactsSection({
  contacts,
  pending,
  onContacts,
  onPending,
  disabled = false,
}: {
  contacts: readonly SiteContact[];
  pending: SiteContact;
  onContacts: (contacts: SiteContact[]) => void;
  onPending: (pending: SiteContact) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const nameId = useId();
  const phoneId = useId();
  const full = contacts.length >= Limits.maxSiteContacts;
  // The form's problem with the contacts (at save), and "Add contact" refused: beside the pair.
  const { controlProps } = useFieldProblem('contacts');
  const [refused, setRefused] = useState<string | null>(null);
  const type = (next: SiteContact) => {
    setRefused(null);
    onPending(next);
  };

  const add = () => {
    if (!pending.f_name.trim() || phoneDigits(pending.f_phone).length < 8) {
      return setRefused(t`Please enter both the name and the phone number of each contact.`);
    }
    onContacts([...contacts, { f_name: pending.f_name.trim(), f_phone: phoneDigits(pending.f_phone) }]);
    type({ f_name: '', f_phone: '' });
  };

  return (
    <section className="card reg-section" aria-label={t`Contacts`}>
      <h2 className="section-title">
        <Trans>Contacts</Trans>{' '}
        <span className="muted">
          {contacts.length}/{Limits.maxSiteContacts}
        </span>
      </h2>
      <ul className="list" aria-label={t`Contacts added`}>
        {keyed(contacts, (c) => `${c.f_name}|${c.f_phone}`).map(({ item: c, key }, i) => (
          <li key={key} className="row">
            <span className="grow">
              {c.f_name} · {formatPhone(c.f_phone)}
            </span>
            {disabled ? null : (
              <button
                type="button"
                className="button button--small"
                aria-label={t`Remove contact ${c.f_name}`}
                onClick={() => onContacts(contacts.filter((_, j) => j !== i))}
              >
                <Trans>Remove</Trans>
              </button>
            )}
          </li>
        ))}
      </ul>
      {disabled || full ? null : (
        <div className="field-pair field-pair--even">
          <div className="field">
            <label htmlFor={nameId}>
              <Trans>Contact name</Trans>
            </label>
            <input
              id={nameId}
              value={pending.f_name}
              maxLength={50}
              onChange={(e) => type({ ...pending, f_name: e.target.value })}
              {...controlProps}
            />
          </div>
          <div className="field">
            <label htmlFor={phoneId}>
              <Trans>Contact phone</Trans>
            </label>
            <input
              id={phoneId}
              inputMode="tel"
              value={formatPhone(pending.f_phone)}
              onChange={(e) => type({ ...pending, f_phone: phoneDigits(e.target.value) })}
            />
          </div>
        </div>
      )}
      <FieldProblem field="contacts" />
      {refused ? <p className="field__error">{refused}</p> : null}
      {disabled || full ? null : (
        <button type="button" className="button button--small" onClick={add}>
          <Trans>Add contact</Trans>
        </button>
      )}
    </section>
  );
}
