import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { NotifyItem } from '../../../sync/api/notify.api.ts';
import { formatPhone } from '../../../sync/phone.ts';
import { formatDateTime } from '../../lib/format.ts';
import { syncEngine } from '../../sync/client.ts';
import { intervalLabels } from './labels.ts';

/**
 * Spec §2 Modals, notification detail. Opening a received one marks it read (spec §4) through the
 * offline operation setRead: read at once on the device, sent with the next sync. The member's own
 * offers edit and copy (copy mode: a new notification filled from this one).
 */
export function NotifyDetailPopup({
  item,
  close,
  onEdit,
  onCopy,
}: {
  item: NotifyItem;
  close: () => void;
  onEdit?: (item: NotifyItem) => void;
  onCopy?: (item: NotifyItem) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  useEffect(() => {
    if (!item.mine && item.f_read === 'N') void syncEngine.mutate('setRead', { notify_idx: item.f_idx });
  }, [item]);
  const images = item.f_image_url === '' ? [] : item.f_image_url.split(',');
  return (
    <article className="notify-detail" data-testid="notify-detail">
      <h2 className="modal__title">{item.f_title}</h2>
      <p className="muted">
        {item.mine ? t`Sent by you` : `${item.writer.f_name} · ${item.writer.f_affiliation}`} ·{' '}
        {formatDateTime(item.f_send_time, locale)}
      </p>
      {item.f_site_idx ? (
        <p>
          <Link to="/SiteDetail" search={{ site_idx: item.f_site_idx, admin: false }} onClick={close}>
            {item.f_site_name}
          </Link>
          {item.f_address ? <small className="muted"> {item.f_address}</small> : null}
        </p>
      ) : (
        <p>{item.f_site_name}</p>
      )}
      <p className="notify-detail__content">{item.f_content}</p>
      {images.length > 0 ? (
        <div className="notify-detail__images">
          {images.map((url) => (
            <img key={url} src={url} alt="" loading="lazy" />
          ))}
        </div>
      ) : null}
      {item.contacts_list.length > 0 || !item.mine ? (
        <ul className="notify-detail__contacts" aria-label={t`Contacts`}>
          {item.contacts_list.map((c) => (
            <li key={`${c.f_name}${c.f_phone}`}>
              {c.f_name} <a href={`tel:${c.f_phone}`}>{formatPhone(c.f_phone)}</a>
            </li>
          ))}
          {item.mine ? null : (
            <li>
              {t`Writer`} {item.writer.f_name}{' '}
              <a href={`tel:${item.writer.f_phone}`}>{formatPhone(item.writer.f_phone)}</a>
            </li>
          )}
        </ul>
      ) : null}
      {item.mine && item.f_auto === 'Y' ? (
        <p className="muted">
          {i18n._(intervalLabels[item.f_auto_interval])} {item.f_auto_time} ·{' '}
          {item.f_auto_enable === 'Y' ? t`On` : t`Off`}
        </p>
      ) : null}
      <div className="row">
        {item.mine && onEdit ? (
          <button type="button" className="button grow" onClick={() => onEdit(item)}>
            <Trans>Edit</Trans>
          </button>
        ) : null}
        {item.mine && onCopy ? (
          <button type="button" className="button grow" onClick={() => onCopy(item)}>
            <Trans>Copy as new</Trans>
          </button>
        ) : null}
        <button type="button" className="button button--primary grow" onClick={close}>
          <Trans>Close</Trans>
        </button>
      </div>
    </article>
  );
}
