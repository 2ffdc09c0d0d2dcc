import { Trans, useLingui } from '@lingui/react/macro';
import type { SiteContact } from '../../../../sync/site-fields.ts';
import { formatPhone, phoneDigits } from '../../../lib/format.ts';

/** The site's contacts; a tap calls (tel: links). */
export function ContactList({ contacts }: { contacts: SiteContact[] }) {
  const { t } = useLingui();
  return (
    <section className="detail-section" aria-label={t`Contacts`}>
      <h2 className="section-title">
        <Trans>Contacts</Trans>
      </h2>
      {contacts.length === 0 ? (
        <p className="muted">
          <Trans>This site has no contact.</Trans>
        </p>
      ) : (
        <ul className="contact-list">
          {contacts.map((c) => (
            <li key={`${c.f_name}|${c.f_phone}`}>
              <span>{c.f_name || '-'}</span>
              <a className="button button--small" href={`tel:${phoneDigits(c.f_phone)}`}>
                {t`Call ${formatPhone(c.f_phone)}`}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
