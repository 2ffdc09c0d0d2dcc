import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { getPointLogCall } from '../../../sync/api/points.api.ts';
import { ApiError, api } from '../../api/client.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { toast } from '../../ui/toast.tsx';
import { useInfiniteList } from '../../ui/useInfiniteList.ts';
import { signedPoint, usePointLogText, usePointTypeLabel } from './point-log-text.ts';

/** Spec §2 settings: point history, newest first, loading more as it scrolls. */
export function PointHistoryPopup({ close }: { close: () => void }) {
  const { t, i18n } = useLingui();
  const describeItem = usePointLogText();
  const typeLabel = usePointTypeLabel();
  const loadPage = useCallback((page: number) => api(getPointLogCall, { page_num: page }), []);
  const onError = useCallback(
    (err: unknown) =>
      toast(
        err instanceof ApiError ? err.message : t`Network communication error. Please check your connection.`,
      ),
    [t],
  );
  const { items, loading, done, sentinelRef } = useInfiniteList({ loadPage, onError });
  const locale = i18n.locale === 'en' ? 'en' : 'ko';

  return (
    <div>
      <h2 className="modal__title">{t`Point history`}</h2>
      <ul className="list point-log" aria-label={t`Point history`}>
        {items.map((item) => {
          const change = signedPoint(item);
          const amount = `${change > 0 ? '+' : '−'}${formatNumber(Math.abs(change))}P`;
          const after = formatNumber(item.f_point_final);
          return (
            <li key={item.f_idx} className="point-log__row">
              <div className="row">
                <span className={`badge ${change > 0 ? 'badge--ok' : 'badge--danger'}`}>
                  {typeLabel(item.f_type)}
                </span>
                <span className="grow">{describeItem(item)}</span>
                <strong className={change > 0 ? 'plus' : 'minus'}>{amount}</strong>
              </div>
              <div className="row muted">
                <span className="grow">{formatDateTime(item.f_reg_time, locale)}</span>
                <span>{t`Balance ${after}P`}</span>
              </div>
            </li>
          );
        })}
      </ul>
      {done && items.length === 0 ? <p className="empty">{t`No information found.`}</p> : null}
      {loading ? <p className="muted center">{t`Loading…`}</p> : null}
      {done ? null : <div ref={sentinelRef} className="sentinel" />}
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
      </div>
    </div>
  );
}
