import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type OutboxEntry } from '../../db/db.ts';
import { syncEngine } from '../../sync/client.ts';
import { fileIdOf } from '../../sync/files.ts';
import type { PostFields } from './post-form.ts';

/**
 * The member's posts still in the outbox: waiting to be published, or refused when they arrived
 * (daily limit, ticket, points). A refused post keeps everything typed: "Write again" opens the form
 * with it, and the refusal leaves once that is sent.
 */
/** A refused post's pictures as the form can send them: uploaded URLs (a picture not uploaded yet is left out). */
async function uploadedImages(images: readonly string[]): Promise<string[]> {
  const urls = await Promise.all(
    images.map(async (ref) => {
      const id = fileIdOf(ref);
      if (id === null) return ref;
      return (await localDb.files.get(id))?.uploaded_url ?? null;
    }),
  );
  return urls.filter((url): url is string => url !== null);
}

export function QueuedPosts({ onWriteAgain }: { onWriteAgain: (fields: PostFields, seq: number) => void }) {
  const { t } = useLingui();
  const entries =
    useLiveQuery(
      () =>
        localDb.outbox
          .where('name')
          .equals('addCommunity')
          .filter((e: OutboxEntry) => e.status !== 'confirmed')
          .toArray(),
      [],
    ) ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-label={t`Posts on this device`}>
      {entries.map((entry) => {
        const fields = entry.args as PostFields;
        const rejected = entry.status === 'rejected';
        return (
          <div key={entry.seq} className="queued-post" data-testid="queued-post">
            <strong>{fields.title}</strong>
            {rejected ? (
              <>
                <span className="queued-post__error">{t`Not published: ${entry.error_msg ?? ''}`}</span>
                <div className="row">
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() =>
                      void uploadedImages(fields.image_url ?? []).then((image_url) =>
                        onWriteAgain({ ...fields, image_url }, entry.seq as number),
                      )
                    }
                  >
                    <Trans>Write again</Trans>
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => void syncEngine.dismiss(entry.seq as number)}
                  >
                    <Trans>Dismiss</Trans>
                  </button>
                </div>
              </>
            ) : (
              <span className="muted">{t`Waiting to be published when the connection is back.`}</span>
            )}
          </div>
        );
      })}
    </section>
  );
}
