import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { ImageKind } from '../../../../sync/api/uploads.api.ts';
import { localDb } from '../../../db/db.ts';
import { syncEngine } from '../../../sync/client.ts';
import { keepFile } from '../../../sync/files.ts';
import { AttachPicturesButton } from '../../../ui/AttachPicturesButton.tsx';
import { useConfirm } from '../../../ui/dialogs.tsx';
import { FormActions } from '../../../ui/form-fields.tsx';
import { useKeptState } from '../../../ui/kept-form.ts';
import { toast } from '../../../ui/toast.tsx';
import { PhotoStrip } from './PhotoStrip.tsx';

const MAX_MEMO_IMAGES = 10;

/**
 * The member's own memo on the site, with pictures (spec §2). Saving is the offline operation
 * addSiteMemo: pictures picked without a network wait on the device and are uploaded before it
 * is sent. The device's copy (with changes still waiting) wins over the server's answer; an
 * unsaved memo survives a reload.
 */
export function MemoSection({ siteIdx, memo, images }: { siteIdx: number; memo: string; images: string[] }) {
  const { t } = useLingui();
  const local = useLiveQuery(() => localDb.memos.get(siteIdx), [siteIdx]);
  const current = local ? { memo: local.memo, images: local.memo_images } : { memo, images };
  // An open editor is kept on the device as it is typed (src/ui/kept-form.ts) until saved or cancelled.
  const kept = useKeptState<{ memo: string; images: string[] } | null>({
    key: `memo:${siteIdx}`,
    initial: null,
  });
  const editing = kept.value;
  const setEditing = kept.set;
  const stopEditing = () => {
    setEditing(null);
    void kept.discard();
  };

  return (
    <section className="detail-section" aria-label={t`My memo`} data-testid="memo">
      <div className="row">
        <h2 className="section-title grow">
          <Trans>My memo</Trans>
        </h2>
        {editing ? null : (
          <button
            type="button"
            className="button button--small"
            data-testid="memo-edit"
            onClick={() => setEditing({ ...current })}
          >
            <Trans>Edit memo</Trans>
          </button>
        )}
      </div>
      {editing ? (
        <MemoEditor
          value={editing}
          onChange={(next) => setEditing(next)}
          onCancel={stopEditing}
          onSave={async () => {
            await syncEngine.mutate('addSiteMemo', {
              site_idx: siteIdx,
              memo: editing.memo,
              memo_images: editing.images,
            });
            stopEditing();
            toast(t`Saved.`);
          }}
        />
      ) : (
        <>
          <p className={current.memo ? 'pre-wrap' : 'muted'} data-testid="memo-text">
            {current.memo || t`No memo yet.`}
          </p>
          <PhotoStrip title={t`Memo pictures`} images={current.images} testId="memo-photos" />
        </>
      )}
    </section>
  );
}

function MemoEditor({
  value,
  onChange,
  onCancel,
  onSave,
}: {
  value: { memo: string; images: string[] };
  onChange: (value: { memo: string; images: string[] }) => void;
  onCancel: () => void;
  onSave: () => Promise<void>;
}) {
  const { t } = useLingui();
  const confirm = useConfirm();
  const [saving, setSaving] = useState(false);

  /** Pictures already checked beside the picker (their bytes, the room left). */
  const attach = async (picked: File[]) => {
    const refs = await Promise.all(
      picked.map((file) => keepFile({ db: localDb, file, name: file.name, kind: ImageKind.memo })),
    );
    onChange({ ...value, images: [...value.images, ...refs] });
    toast(t`Attached.`);
  };

  const removeLast = async () => {
    if (value.images.length === 0) {
      toast(t`There is no picture to delete.`);
      return;
    }
    if (!(await confirm(t`The last picture will be deleted.`))) return;
    onChange({ ...value, images: value.images.slice(0, -1) });
  };

  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        setSaving(true);
        void onSave().finally(() => setSaving(false));
      }}
    >
      <textarea
        className="input"
        rows={5}
        maxLength={5000}
        aria-label={t`Memo`}
        value={value.memo}
        onChange={(e) => onChange({ ...value, memo: e.target.value })}
      />
      <PhotoStrip title={t`Memo pictures`} images={value.images} testId="memo-edit-photos" />
      <div className="row wrap">
        <AttachPicturesButton
          onPick={(picked) => void attach(picked)}
          room={Math.max(0, MAX_MEMO_IMAGES - value.images.length)}
          testId="memo-file"
        />
        <button type="button" className="button button--small" onClick={() => void removeLast()}>
          <Trans>Delete last picture</Trans>
        </button>
      </div>
      <FormActions
        onCancel={onCancel}
        pending={saving}
        submitLabel={<Trans>Save memo</Trans>}
        submitTestId="memo-save"
      />
    </form>
  );
}
