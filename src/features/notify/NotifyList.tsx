import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { NotifyItem } from '../../../sync/api/notify.api.ts';
import { removeNotify } from '../../../sync/notify/notify.mutators.ts';
import { notifySearchColumns } from '../../../sync/notify/rules.ts';
import { formatDateTime } from '../../lib/format.ts';
import { syncEngine, useSyncStatus } from '../../sync/client.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { InfiniteList } from '../../ui/InfiniteList.tsx';
import { toast } from '../../ui/toast.tsx';
import { useInfiniteList } from '../../ui/useInfiniteList.ts';
import { useSendOrQueue } from '../sync/useSendOrQueue.ts';
import { useWaitingKeys, WaitingBadge } from '../sync/waiting.tsx';
import { AutoSwitch } from './AutoSwitch.tsx';
import { intervalLabels, searchColumnLabels } from './labels.ts';
import { localNotifyPage, type NotifyListKind, type NotifyQuery } from './local-notify.ts';
import { useLongPress } from './useLongPress.ts';

/**
 * One notification list (spec §2 Notify): the search bar (column and keyword), read-all for received
 * lists (setRead with notify_idx 0), select-all and delete with a confirmation, paging as it scrolls,
 * and a long press (500 ms) that selects a row. Rows come from the device (local-notify.ts) and are
 * read again after every sync and every change made here.
 */
export function NotifyList({
  list,
  onOpen,
  readAll = false,
  version = 0,
}: {
  list: NotifyListKind;
  onOpen: (item: NotifyItem) => void;
  readAll?: boolean;
  /** Changes when the caller changed something (a write): the list starts again. */
  version?: number;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const confirm = useConfirm();
  const { send } = useSendOrQueue();
  const synced = useSyncStatus().lastSyncedAt;
  const [typed, setTyped] = useState<NotifyQuery>({ column: 'title', keyword: '' });
  const [query, setQuery] = useState<NotifyQuery>(typed);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [changes, setChanges] = useState(0);
  const selecting = selected.size > 0;
  const listKey = JSON.stringify([list, query, version, changes, synced]);
  const toggle = (idx: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(idx)) next.delete(idx);
      else next.add(idx);
      return next;
    });

  const markAll = async () => {
    await syncEngine.mutate('setRead', { notify_idx: 0 });
    setChanges((n) => n + 1);
    toast(t`All marked as read.`);
  };

  const remove = async (all: NotifyItem[]) => {
    if (!selecting) return toast(t`Choose the notifications to delete.`);
    if (!(await confirm(t`Delete ${selected.size} notifications?`))) return;
    const idx_list = [...new Set(all.filter((i) => selected.has(rowKey(i))).map((i) => i.f_idx))];
    // Deleted now, or waiting in the outbox: the device's lists leave them out at once either way.
    const done = await send({ mutator: removeNotify, args: () => ({ idx_list }) });
    if (done === undefined) return;
    setSelected(new Set());
    if (done.status === 'sent') await syncEngine.sync();
    setChanges((n) => n + 1);
  };

  return (
    <div className="notify-list">
      <form
        className="notify-search"
        aria-label={t`Search notifications`}
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(typed);
        }}
      >
        <select
          className="input"
          aria-label={t`Search in`}
          value={typed.column}
          onChange={(e) => setTyped({ ...typed, column: e.target.value as NotifyQuery['column'] })}
        >
          {notifySearchColumns.map((c) => (
            <option key={c} value={c}>
              {i18n._(searchColumnLabels[c])}
            </option>
          ))}
        </select>
        <input
          className="input"
          type="search"
          aria-label={t`Search notifications`}
          placeholder={t`Keyword`}
          value={typed.keyword}
          onChange={(e) => setTyped({ ...typed, keyword: e.target.value })}
        />
        <button type="submit" className="button button--small">
          <Trans>Search</Trans>
        </button>
      </form>
      <Rows
        key={listKey}
        list={list}
        query={query}
        selected={selected}
        toggle={toggle}
        onOpen={onOpen}
        locale={locale}
        actions={(items) => (
          <div className="row wrap notify-actions">
            {readAll ? (
              <button type="button" className="button button--small" onClick={() => void markAll()}>
                <Trans>Read all</Trans>
              </button>
            ) : null}
            <button
              type="button"
              className="button button--small"
              onClick={() =>
                setSelected(selected.size === items.length ? new Set() : new Set(items.map(rowKey)))
              }
            >
              {selected.size > 0 && selected.size === items.length ? t`Clear selection` : t`Select all`}
            </button>
            <button type="button" className="button button--small" onClick={() => void remove(items)}>
              {selecting ? t`Delete (${selected.size})` : t`Delete`}
            </button>
          </div>
        )}
      />
    </div>
  );
}

/** A row's own key: a delivery, or the member's own notification. */
function rowKey(item: NotifyItem): number {
  return item.inbox_idx ?? -item.f_idx;
}

function Rows({
  list,
  query,
  selected,
  toggle,
  onOpen,
  locale,
  actions,
}: {
  list: NotifyListKind;
  query: NotifyQuery;
  selected: ReadonlySet<number>;
  toggle: (key: number) => void;
  onOpen: (item: NotifyItem) => void;
  locale: 'ko' | 'en';
  actions: (items: NotifyItem[]) => React.ReactNode;
}) {
  const loadPage = useCallback((page: number) => localNotifyPage({ list, query, page }), [list, query]);
  const rows = useInfiniteList({ loadPage });
  // The member's own notifications with an edit not yet back from the server.
  const waiting = useWaitingKeys('notifications');
  return (
    <>
      {actions(rows.items)}
      <InfiniteList
        list={rows}
        rowKey={rowKey}
        row={(item) => (
          <Row
            item={item}
            selected={selected.has(rowKey(item))}
            selecting={selected.size > 0}
            toggle={() => toggle(rowKey(item))}
            onOpen={() => onOpen(item)}
            locale={locale}
            waiting={item.mine && waiting.has(item.f_idx)}
          />
        )}
      />
    </>
  );
}

function Row({
  item,
  selected,
  selecting,
  toggle,
  onOpen,
  locale,
  waiting,
}: {
  item: NotifyItem;
  waiting: boolean;
  selected: boolean;
  selecting: boolean;
  toggle: () => void;
  onOpen: () => void;
  locale: 'ko' | 'en';
}) {
  const { t, i18n } = useLingui();
  const press = useLongPress(toggle);
  const unread = item.f_read === 'N';
  return (
    <li
      className={`notify-row${unread ? ' notify-row--unread' : ''}${selected ? ' is-selected' : ''}`}
      data-testid="notify-row"
      data-read={item.f_read}
      {...press}
    >
      {selecting ? (
        <input type="checkbox" aria-label={t`Select ${item.f_title}`} checked={selected} onChange={toggle} />
      ) : null}
      <button
        type="button"
        className="notify-row__body"
        onClick={() => {
          if (press.swallowClick()) return;
          if (selecting) toggle();
          else onOpen();
        }}
      >
        <span className="notify-row__title">
          {unread ? <span className="notify-dot" role="img" aria-label={t`Unread`} /> : null}
          {item.f_made1 === 'Y' && !item.mine ? <span className="badge">{t`Made+`}</span> : null}
          {item.f_title}
          {waiting ? <WaitingBadge /> : null}
        </span>
        <span className="notify-row__meta muted">
          {item.f_site_name} · {item.mine ? t`Sent by you` : item.writer.f_name} ·{' '}
          {formatDateTime(item.f_send_time, locale)}
        </span>
        {item.mine && item.f_auto === 'Y' ? (
          <span className="notify-row__meta muted" data-testid="notify-schedule">
            {i18n._(intervalLabels[item.f_auto_interval])} {item.f_auto_time} ·{' '}
            {item.f_auto_enable === 'Y' ? t`On` : t`Off`}
          </span>
        ) : null}
      </button>
      {item.mine && item.f_auto === 'Y' && !selecting ? <AutoSwitch item={item} /> : null}
    </li>
  );
}
