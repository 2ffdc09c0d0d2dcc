import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import type { DraftFields } from '../../../sync/site-fields.ts';
import { localDb, type OutboxEntry } from '../../db/db.ts';
import { formatDateTime } from '../../lib/format.ts';
import { syncEngine, useSyncStatus } from '../../sync/client.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { keptPostTitle } from '../community/community-cache.ts';
import { SiteConflictCard } from './ConflictCard.tsx';
import { EditConflictCard } from './EditConflictCard.tsx';
import { describeChange } from './labels.ts';
import './sync.css';

/** What a change is about: the site or draft by name where the device knows it, a post by its title, a comment by its text. */
async function subjectOf(entry: OutboxEntry): Promise<string> {
  const args = (entry.args ?? {}) as {
    site_idx?: number | string | null;
    draft_id?: string;
    title?: unknown;
    comment?: unknown;
    changes?: { f_name?: unknown };
  };
  // A final save carries the name it was saved with (a new site has no index to look up yet).
  if (entry.name === 'saveSite' && typeof args.changes?.f_name === 'string' && args.changes.f_name) {
    return args.changes.f_name;
  }
  if (args.draft_id) {
    const draft = await localDb.drafts.get(args.draft_id);
    const name = (draft?.payload as DraftFields | undefined)?.f_name;
    if (name) return name;
  }
  if (args.site_idx && Number(args.site_idx) > 0) {
    return (await localDb.sites.get(Number(args.site_idx)))?.f_name ?? `#${args.site_idx}`;
  }
  // Community and notifications: a post or notification is named by its title.
  if (typeof args.title === 'string') return args.title;
  // A comment is shown whole: a refused one keeps its text here to copy.
  if (typeof args.comment === 'string') return args.comment;
  return deletedSubject(entry);
}

/** What a delete is about: the posts or notifications by the titles the device knows. */
async function deletedSubject(entry: OutboxEntry): Promise<string> {
  const idxList = ((entry.args as { idx_list?: unknown[] } | null)?.idx_list ?? []).map(Number);
  const titles = await Promise.all(
    idxList.map(async (idx) => {
      if (entry.name === 'removeCommunity') return keptPostTitle(idx);
      if (entry.name === 'removeNotify') {
        // Taken off the device's lists at once; its server copy waits in the shadows.
        const shadow = await localDb.shadows.get(`notifications|${idx}`);
        const own = shadow?.row as { f_title?: string } | null | undefined;
        const received = await localDb.inbox.where('f_notify_idx').equals(idx).first();
        return own?.f_title ?? (received?.f_title as string | undefined);
      }
      return undefined;
    }),
  );
  return titles.filter((title): title is string => Boolean(title)).join(', ');
}

function useOutbox() {
  return useLiveQuery(async () => {
    const entries = await localDb.outbox.orderBy('seq').toArray();
    return Promise.all(entries.map(async (entry) => ({ entry, subject: await subjectOf(entry) })));
  }, []);
}

/** Spec-free screen of design.md guarantee 8: what waits, what was refused and why, what to resolve. */
export function SyncScreen() {
  const { t, i18n } = useLingui();
  const status = useSyncStatus();
  const outbox = useOutbox() ?? [];
  const conflicts =
    useLiveQuery(async () => {
      const rows = await localDb.conflicts.toArray();
      return Promise.all(
        rows.map(async (conflict) => {
          const draft = await localDb.drafts.get(conflict.draft_id);
          // A registered site's conflict (a final save) has no draft any more: the site names it.
          const site = draft ? undefined : await localDb.sites.get(conflict.f_site_idx);
          const name = (draft?.payload as DraftFields | undefined)?.f_name || site?.f_name;
          return { conflict, name: name || t`Untitled draft`, registered: !draft && site?.f_status === 'N' };
        }),
      );
    }, []) ?? [];
  const editConflicts = useLiveQuery(async () => {
    const rows = await localDb.editConflicts.toArray();
    const sites = new Map<number, string>();
    for (const row of rows) {
      for (const side of [row.mine, row.theirs]) {
        const siteIdx = side.site_idx;
        if (typeof siteIdx === 'number' && !sites.has(siteIdx)) {
          sites.set(siteIdx, (await localDb.sites.get(siteIdx))?.f_name ?? '');
        }
      }
    }
    return { rows, sites };
  }, []) ?? { rows: [], sites: new Map<number, string>() };
  const waiting = outbox.filter(({ entry }) => entry.status === 'pending' || entry.status === 'sending');
  const rejected = outbox.filter(({ entry }) => entry.status === 'rejected');
  const lastSynced = formatDateTime(status.lastSyncedAt, i18n.locale === 'en' ? 'en' : 'ko');

  return (
    <>
      <ScreenHeader title={t`Sync`} back />
      <main className="screen">
        <section className="card sync-section" aria-label={t`Sync status`}>
          <p>
            {status.outdated ? (
              <Trans>This version of the app is too old to sync. Reload to update.</Trans>
            ) : !status.online ? (
              <Trans>
                You are offline. Changes are kept on this device and sent when the connection is back.
              </Trans>
            ) : status.syncing ? (
              <Trans>Syncing…</Trans>
            ) : (
              <Trans>Connected.</Trans>
            )}
          </p>
          <p className="muted">
            <Trans>Last synced: {lastSynced}</Trans>
          </p>
          {status.error ? <p className="sync-entry__error">{status.error}</p> : null}
          <button
            type="button"
            className="button"
            disabled={status.syncing || status.outdated}
            onClick={() => void syncEngine.sync().catch(() => undefined)}
          >
            <Trans>Sync now</Trans>
          </button>
        </section>

        {conflicts.length + editConflicts.rows.length > 0 ? (
          <section className="sync-section">
            <h2>
              <Trans>Conflicts to resolve</Trans>
            </h2>
            {conflicts.map(({ conflict, name, registered }) => (
              <SiteConflictCard
                key={conflict.f_idx}
                conflict={conflict}
                draftName={name}
                registered={registered}
              />
            ))}
            {editConflicts.rows.map((conflict) => (
              <EditConflictCard
                key={`edit-${conflict.f_idx}`}
                conflict={conflict}
                siteName={(siteIdx) => editConflicts.sites.get(siteIdx) || undefined}
              />
            ))}
          </section>
        ) : null}

        <section className="sync-section">
          <h2>
            <Trans>Not accepted</Trans>
          </h2>
          {rejected.length === 0 ? (
            <p className="muted">
              <Trans>Every change was accepted.</Trans>
            </p>
          ) : (
            <ul className="list" aria-label={t`Changes not accepted`}>
              {rejected.map(({ entry, subject }) => (
                <li key={entry.seq} className="sync-entry">
                  <div className="sync-entry__text">
                    <strong>
                      {i18n._(describeChange(entry))}
                      {subject ? ` · ${subject}` : ''}
                    </strong>
                    <span className="sync-entry__error">{entry.error_msg}</span>
                  </div>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => void syncEngine.dismiss(entry.seq as number)}
                  >
                    <Trans>Dismiss</Trans>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="sync-section">
          <h2>
            <Trans>Waiting to be sent</Trans>
          </h2>
          {waiting.length === 0 ? (
            <p className="muted">
              <Trans>Nothing is waiting.</Trans>
            </p>
          ) : (
            <ul className="list" aria-label={t`Changes waiting`}>
              {waiting.map(({ entry, subject }) => (
                <li key={entry.seq} className="sync-entry">
                  <div className="sync-entry__text">
                    <strong>
                      {i18n._(describeChange(entry))}
                      {subject ? ` · ${subject}` : ''}
                    </strong>
                    <span className="muted">
                      {formatDateTime(entry.created_at, i18n.locale === 'en' ? 'en' : 'ko')}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </>
  );
}
