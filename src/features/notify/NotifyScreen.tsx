import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getNotifyDetailCall } from '../../../sync/api/notify.api.ts';
import { notifyTabs } from '../../../sync/notify/rules.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { QueuedWrites } from '../sync/QueuedWrites.tsx';
import { UnreadBadge } from './badges.tsx';
import { localNotification } from './local-notify.ts';
import { NotifyList } from './NotifyList.tsx';
import { useIdParam } from './search-params.ts';
import { useNotifyPopups } from './useNotifyPopups.tsx';
import { fieldsOfQueued } from './write-again.ts';

export type NotifyTab = (typeof notifyTabs)[keyof typeof notifyTabs];

/**
 * Spec §2 Notify (/notify): tabs send 1 (notifications received, with read-all), modify 2 (the
 * member's own manual notifications: open to edit or copy) and auto 3 (their automatic ones), the
 * write button, and what waits in the outbox. `open` (a push's target, /notify?open=<idx>) opens that
 * notification's detail, which reads it. The tab lives in this screen only: leaving and coming back
 * starts again on send, with no copy, auto or today state (spec §4).
 */
export function NotifyScreen() {
  const { t } = useLingui();
  const open = useIdParam('open');
  const navigate = useNavigate();
  const { run } = useCall();
  const [tab, setTab] = useState<NotifyTab>(notifyTabs.send);
  const [version, setVersion] = useState(0);
  const popups = useNotifyPopups({
    onSaved: (auto) => {
      setTab(auto ? notifyTabs.auto : notifyTabs.modify);
      setVersion((v) => v + 1);
    },
  });

  useEffect(() => {
    if (open === undefined) return;
    let live = true;
    void (async () => {
      const item =
        (await localNotification(open)) ?? (await run(() => api(getNotifyDetailCall, { notify_idx: open })));
      if (!live) return;
      // The address no longer asks to open it: a reload or back does not open it twice.
      void navigate({ to: '/notify', search: {}, replace: true });
      if (item) popups.open(item);
    })();
    return () => {
      live = false;
    };
  }, [open, navigate, run, popups.open]);

  const tabs = [
    { tab: notifyTabs.send, label: t`Received` },
    { tab: notifyTabs.modify, label: t`Sent` },
    { tab: notifyTabs.auto, label: t`Automatic` },
  ] as const;

  return (
    <>
      <ScreenHeader title={t`Notifications`} back />
      <main className="screen notify-screen">
        <div className="tabs" role="tablist">
          {tabs.map((item) => (
            <button
              key={item.tab}
              type="button"
              role="tab"
              aria-selected={tab === item.tab}
              onClick={() => setTab(item.tab)}
            >
              {item.label}
              {item.tab === notifyTabs.send ? <UnreadBadge /> : null}
            </button>
          ))}
        </div>
        <QueuedWrites
          name="addNotify"
          label={t`Notifications on this device`}
          testId="queued-notify"
          refusedText={(reason) => t`Not sent: ${reason}`}
          waitingText={t`Waiting to be sent when the connection is back.`}
          onWriteAgain={(args, seq) =>
            void fieldsOfQueued(args).then((initial) => popups.write({ initial, rejectedSeq: seq }))
          }
        />
        <QueuedWrites
          name="updateNotify"
          label={t`Notification edits on this device`}
          testId="queued-notify-edit"
          refusedText={(reason) => t`Not saved: ${reason}`}
          waitingText={t`Waiting to be saved when the connection is back.`}
          onWriteAgain={({ notify_idx, base_version, base, ...args }, seq) =>
            void fieldsOfQueued(args).then((initial) =>
              popups.editAgain({
                notifyIdx: Number(notify_idx),
                initial,
                rejectedSeq: seq,
                base: { version: base_version ?? null, fields: base ?? null },
              }),
            )
          }
        />
        <NotifyList
          key={tab}
          version={version}
          readAll={tab === notifyTabs.send}
          list={
            tab === notifyTabs.send
              ? { kind: 'received', today: false }
              : { kind: 'written', auto: tab === notifyTabs.auto }
          }
          onOpen={popups.open}
        />
        <button
          type="button"
          className="button button--primary notify-write"
          onClick={() => void popups.write()}
        >
          <Trans>Write a notification</Trans>
        </button>
      </main>
    </>
  );
}
