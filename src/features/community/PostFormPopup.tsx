import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { addCommunityCall, updateCommunityCall } from '../../../sync/api/community.api.ts';
import { ImageKind } from '../../../sync/api/uploads.api.ts';
import { CommunityRules, communityTypes, postProblem } from '../../../sync/community/rules.ts';
import { api, NetworkError } from '../../api/client.ts';
import { localDb } from '../../db/db.ts';
import { syncEngine } from '../../sync/client.ts';
import { keepFile } from '../../sync/files.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { KeptNotice } from '../../ui/KeptNotice.tsx';
import { useKeptState } from '../../ui/kept-form.ts';
import { toast } from '../../ui/toast.tsx';
import { useProfile } from '../auth/profile.ts';
import { useTicketCheck } from '../points/useTicketCheck.tsx';
import { imageProblem, uploadImage } from '../registration/upload.ts';
import { communityTypeLabels, postProblemLabels } from './labels.ts';
import { PostPictures } from './PostPictures.tsx';
import { type PostFields, useWritingInfo } from './post-form.ts';
import { type PictureRef, type PostDraft, withoutPicture } from './post-pictures.ts';

export interface PostFormTarget {
  /** The post being edited; none for a new post. */
  communityIdx?: number;
  initial?: Partial<PostFields>;
  /** A refused queued post being written again: dismissed once this one is sent or queued. */
  rejectedSeq?: number;
}

/** What a post form keeps its typing under: the post it edits, the refused post or a new one. */
function postKeptKey(target: PostFormTarget): string {
  if (target.communityIdx !== undefined) return `post:${target.communityIdx}`;
  if (target.rejectedSeq !== undefined) return `post:retry:${target.rejectedSeq}`;
  return 'post:new';
}

/**
 * Spec §2 Community create and edit. The server decides (ticket, daily limit, notice category,
 * points); the form checks the §5 fields first with the same rule and confirms made+ and push with
 * their cost. Without a network a new post waits in the outbox with its pictures and is published
 * on the next sync; an edit needs the network.
 */
export function PostFormPopup({
  target,
  moderator,
  close,
  onDone,
}: {
  target: PostFormTarget;
  moderator: boolean;
  close: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const confirm = useConfirm();
  const ticket = useTicketCheck();
  const profile = useProfile();
  const { costs, count } = useWritingInfo();
  const editing = target.communityIdx !== undefined;
  // The post being written (its pictures included) is kept on the device until it is published,
  // saved or cancelled (src/ui/kept-form.ts).
  const kept = useKeptState<PostDraft>({
    key: postKeptKey(target),
    initial: () => ({
      fields: {
        type: 'R',
        title: '',
        content: '',
        phone: profile?.phone ?? '',
        anony: 'N',
        made: 'N',
        push: 'N',
        agree: 'N',
        image_url: [],
        ...target.initial,
      },
      files: [],
    }),
  });
  const { fields, files } = kept.value;
  const setFiles = (change: (list: File[]) => File[]) => kept.set((k) => ({ ...k, files: change(k.files) }));
  const [sending, setSending] = useState(false);
  const set = (change: Partial<PostFields>) =>
    kept.set((k) => ({ ...k, fields: { ...k.fields, ...change } }));
  const cancel = () => {
    void kept.discard();
    close();
  };
  const types = communityTypes.filter((type) => type !== 'N' || moderator);

  /** Spec §4 (as for notifications): turning made+ or push on is confirmed with its cost. */
  const toggleCost = async (key: 'made' | 'push', on: boolean) => {
    if (!on) return set({ [key]: 'N' });
    const cost = (key === 'made' ? costs?.made : costs?.push) ?? 0;
    const text =
      key === 'made'
        ? t`Made+ keeps the post at the top for 24 hours and uses ${cost}P when it is published. Use it?`
        : t`Push tells the members about the post and uses ${cost}P when it is published. Use it?`;
    if (await confirm(text)) set({ [key]: 'Y' });
  };

  const addFiles = (picked: File[]) => {
    if (picked.some((f) => imageProblem(f) === 'notImage')) return toast(t`Unsupported image format.`);
    if (picked.some((f) => imageProblem(f) === 'tooLarge')) return toast(t`The picture is too large.`);
    if (fields.image_url.length + files.length + picked.length > CommunityRules.maxImages) {
      return toast(t`At most ${CommunityRules.maxImages} pictures.`);
    }
    setFiles((list) => [...list, ...picked]);
    toast(t`Attached.`);
  };

  /** Removing a picture is asked first; the kept copy drops it, and saving an edit drops it on the server. */
  const removePicture = async (picture: PictureRef, position: number) => {
    if (
      !(await confirm(t`Remove attachment ${position} from the post?`, {
        danger: true,
        confirmLabel: t`Remove`,
      }))
    )
      return;
    kept.set((k) => withoutPicture(k, picture));
  };

  const args = (images: string[]) => ({
    ...fields,
    phone: fields.phone.replace(/-/g, '').trim(),
    image_url: [...fields.image_url, ...images],
  });

  const finish = async () => {
    if (target.rejectedSeq !== undefined) await syncEngine.dismiss(target.rejectedSeq);
    await kept.discard();
    close();
    onDone();
  };

  const queue = async () => {
    const refs = await Promise.all(
      files.map((file) => keepFile({ db: localDb, file, name: file.name, kind: ImageKind.photo })),
    );
    await syncEngine.mutate('addCommunity', args(refs));
    toast(t`No network: the post is kept on this device and published when you are back online.`);
    await finish();
  };

  const submit = async () => {
    const problem = postProblem(fields);
    if (problem) return toast(i18n._(postProblemLabels[problem]));
    setSending(true);
    try {
      const urls = await Promise.all(
        files.map((file) => uploadImage({ file, kind: ImageKind.photo, onProgress: () => {} })),
      );
      const { made: _made, push: _push, ...edit } = args(urls);
      if (target.communityIdx !== undefined) {
        await api(updateCommunityCall, { ...edit, community_idx: target.communityIdx });
      } else {
        await api(addCommunityCall, args(urls));
      }
      await finish();
    } catch (err) {
      if (err instanceof NetworkError && !editing) await queue();
      // The ticket offer, or the server's refusal as it worded it (limit, points, under review).
      else await ticket.guard(() => Promise.reject(err));
    } finally {
      setSending(false);
    }
  };

  if (!kept.ready) return null;
  return (
    <form
      className="form"
      data-testid="post-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="modal__title">{editing ? t`Edit post` : t`Write a post`}</h2>
      <KeptNotice restored={kept.restored} onStartOver={kept.reset} />
      {count && !editing ? (
        <p className="muted" data-testid="writing-count">
          {t`Posts left today: ${count.left} of ${count.limit}`}
        </p>
      ) : null}
      <label className="field">
        <span>{t`Category`}</span>
        <select
          className="input"
          value={fields.type}
          onChange={(e) => set({ type: e.target.value as PostFields['type'] })}
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {i18n._(communityTypeLabels[type])}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t`Title`}</span>
        <input
          className="input"
          maxLength={CommunityRules.maxTitle}
          value={fields.title}
          onChange={(e) => set({ title: e.target.value })}
        />
      </label>
      <label className="field">
        <span>{t`Content`}</span>
        <textarea
          className="input"
          rows={6}
          maxLength={CommunityRules.maxContent}
          value={fields.content}
          onChange={(e) => set({ content: e.target.value })}
        />
      </label>
      <label className="field">
        <span>{t`Phone`}</span>
        <input
          className="input"
          inputMode="tel"
          maxLength={CommunityRules.maxPhone}
          value={fields.phone}
          onChange={(e) => set({ phone: e.target.value })}
        />
      </label>
      <div className="row wrap">
        <label className="button button--small">
          <Trans>Attach pictures</Trans>
          <input
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            data-testid="post-file"
            onChange={(e) => {
              if (e.target.files?.length) addFiles([...e.target.files]);
              e.target.value = '';
            }}
          />
        </label>
        <span className="muted">{t`${fields.image_url.length + files.length} pictures`}</span>
      </div>
      <PostPictures
        draft={kept.value}
        onRemove={(picture, position) => void removePicture(picture, position)}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={fields.anony === 'Y'}
          onChange={(e) => set({ anony: e.target.checked ? 'Y' : 'N' })}
        />{' '}
        <Trans>Post anonymously</Trans>
      </label>
      {editing ? null : (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={fields.made === 'Y'}
              onChange={(e) => void toggleCost('made', e.target.checked)}
            />{' '}
            {t`Made+ (top for 24 hours, ${costs?.made ?? 0}P)`}
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={fields.push === 'Y'}
              onChange={(e) => void toggleCost('push', e.target.checked)}
            />{' '}
            {t`Push (${costs?.push ?? 0}P)`}
          </label>
        </>
      )}
      <label className="check">
        <input
          type="checkbox"
          checked={fields.agree === 'Y'}
          onChange={(e) => set({ agree: e.target.checked ? 'Y' : 'N' })}
        />{' '}
        <Trans>I confirm that this post is honest and contains no false information.</Trans>
      </label>
      <div className="row">
        <button type="button" className="button grow" onClick={cancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button button--primary grow" disabled={sending}>
          {editing ? <Trans>Save</Trans> : <Trans>Publish</Trans>}
        </button>
      </div>
    </form>
  );
}
