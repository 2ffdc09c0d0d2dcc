import { Trans, useLingui } from '@lingui/react/macro';
import { ImageKind } from '../../../sync/api/uploads.api.ts';
import { addCommunity, updateCommunity } from '../../../sync/community/community.mutators.ts';
import { CommunityRules, communityTypes, postProblems } from '../../../sync/community/rules.ts';
import { paidWith } from '../../../sync/points/paid-options.ts';
import type { Pictures } from '../../sync/send-or-queue.ts';
import { AttachPicturesButton } from '../../ui/AttachPicturesButton.tsx';
import { useConfirm } from '../../ui/dialogs.tsx';
import { FieldProblem, ProblemsScope, useFieldProblems } from '../../ui/field-problems.tsx';
import { CheckField, Form, FormActions, SelectInput, TextField, textBinding } from '../../ui/form-fields.tsx';
import { KeptNotice } from '../../ui/KeptNotice.tsx';
import { useKeptState } from '../../ui/kept-form.ts';
import { useProfile } from '../auth/profile.ts';
import { useCostText } from '../points/cost-text.ts';
import { PaidOptions } from '../points/PaidOptions.tsx';
import { useTicketCheck } from '../points/useTicketCheck.tsx';
import { useAttachPictures } from '../registration/attach-pictures.ts';
import { useSendOrQueue } from '../sync/useSendOrQueue.ts';
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
  /** An edit: the copy it is made on (its edit count and fields), so a change made elsewhere meanwhile is a conflict. */
  base?: PostBase;
}

export type PostBase = NonNullable<PostDraft['base']>;

/** What a post form keeps its typing under: the post it edits, the refused post or a new one. */
function postKeptKey(target: PostFormTarget): string {
  if (target.communityIdx !== undefined && target.rejectedSeq !== undefined) {
    return `post:${target.communityIdx}:retry:${target.rejectedSeq}`;
  }
  if (target.communityIdx !== undefined) return `post:${target.communityIdx}`;
  if (target.rejectedSeq !== undefined) return `post:retry:${target.rejectedSeq}`;
  return 'post:new';
}

/**
 * Spec §2 Community create and edit. The server decides (ticket, daily limit, notice category,
 * points); the form checks the §5 fields first with the same rule and confirms made+ and push with
 * their cost. Without a network a new post waits in the outbox with its pictures and is published
 * on the next sync; an edit waits too, with the copy it was made on (kept with what was typed, so a
 * reload keeps it), and meets the server's copy on sync (a change made elsewhere is a conflict).
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
  const { uses } = useCostText();
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
      ...(target.base ? { base: target.base } : {}),
    }),
  });
  const { fields, files } = kept.value;
  const setFiles = (change: (list: File[]) => File[]) => kept.set((k) => ({ ...k, files: change(k.files) }));
  const { send, pending } = useSendOrQueue();
  const checked = useFieldProblems(['phone', 'title', 'content', 'agree', 'image_url'] as const);
  const set = (change: Partial<PostFields>) => {
    // A field's problem goes as it is edited.
    for (const key of Object.keys(change)) checked.clear(key);
    kept.set((k) => ({ ...k, fields: { ...k.fields, ...change } }));
  };
  const cancel = () => {
    void kept.discard();
    close();
  };
  const types = communityTypes.filter((type) => type !== 'N' || moderator);

  /** A post pays made+ and push with points only, taken when it is published. */
  const balance = profile?.point ?? 0;
  const paid = costs
    ? {
        made: paidWith({ left: 0, cost: costs.made, balance }),
        push: paidWith({ left: 0, cost: costs.push, balance }),
      }
    : null;

  /** Spec §4 (as for notifications): turning made+ or push on is confirmed with what it uses. */
  const toggleCost = async (key: 'made' | 'push', on: boolean) => {
    if (!on) return set({ [key]: 'N' });
    const question =
      key === 'made'
        ? t`Made+ keeps the post at the top for 24 hours when it is published.`
        : t`Push tells the members about the post when it is published.`;
    const use = paid ? uses(paid[key]) : '';
    if (await confirm(`${question} ${use ? t`It ${use}. Use it?` : t`Use it?`}`)) set({ [key]: 'Y' });
  };

  const pictures = useAttachPictures({
    count: fields.image_url.length + files.length,
    max: CommunityRules.maxImages,
    add: (picked) => setFiles((list) => [...list, ...picked]),
  });

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
    await kept.discard();
    close();
    onDone();
  };

  /** An edit is saved now, or waits in the outbox; made+ and push stay as published. */
  const saveEdit = (communityIdx: number, pictures: Pictures) =>
    send(
      {
        mutator: updateCommunity,
        args: (images) => {
          const { made: _made, push: _push, ...edit } = args(images);
          const base = kept.value.base;
          return {
            ...edit,
            community_idx: communityIdx,
            base_version: base?.version ?? null,
            base: base?.fields ?? null,
          };
        },
        pictures,
        retried: target.rejectedSeq,
      },
      { failure },
    );

  /** A -4 naming a field of the form is said beside it; the rest as the ticket check tells them. */
  const failure = (err: unknown) => (checked.fromServer(err) ? undefined : ticket.refused(err));

  const submit = async () => {
    const problems = postProblems(fields).map((p) => [p, i18n._(postProblemLabels[p])]);
    if (checked.show(Object.fromEntries(problems))) return;
    const pictures = { files, kind: ImageKind.photo };
    // A new post is published now, or waits in the outbox with its pictures without a network.
    const done =
      target.communityIdx === undefined
        ? await send(
            { mutator: addCommunity, args, pictures, retried: target.rejectedSeq },
            // The ticket offer, or the server's refusal as it worded it (limit, points, under review).
            { failure },
          )
        : await saveEdit(target.communityIdx, pictures);
    if (done !== undefined) await finish();
  };

  if (!kept.ready) return null;
  const yn = (on: boolean) => (on ? 'Y' : 'N');
  const text = textBinding(fields, set);
  return (
    <ProblemsScope of={checked}>
      <Form onSubmit={submit} testId="post-form" formRef={checked.root}>
        <h2 className="modal__title">{editing ? t`Edit post` : t`Write a post`}</h2>
        <KeptNotice restored={kept.restored} onStartOver={kept.reset} />
        {count && !editing ? (
          <p className="muted" data-testid="writing-count">
            {t`Posts left today: ${count.left} of ${count.limit}`}
          </p>
        ) : null}
        <label className="field">
          <span>{t`Category`}</span>
          <SelectInput
            value={fields.type}
            options={types}
            labelOf={(type) => i18n._(communityTypeLabels[type])}
            onChange={(type) => set({ type })}
          />
        </label>
        <TextField label={t`Title`} maxLength={CommunityRules.maxTitle} field="title" {...text('title')} />
        <TextField
          label={t`Content`}
          rows={6}
          maxLength={CommunityRules.maxContent}
          field="content"
          {...text('content')}
        />
        <TextField
          label={t`Phone`}
          inputMode="tel"
          maxLength={CommunityRules.maxPhone}
          field="phone"
          {...text('phone')}
        />
        <div className="row wrap">
          <AttachPicturesButton onPick={pictures.attach} room={pictures.room} testId="post-file" />
          <span className="muted">{t`${fields.image_url.length + files.length} pictures`}</span>
        </div>
        <PostPictures
          draft={kept.value}
          onRemove={(picture, position) => void removePicture(picture, position)}
        />
        <FieldProblem field="image_url" />
        <CheckField checked={fields.anony === 'Y'} onChange={(on) => set({ anony: yn(on) })}>
          <Trans>Post anonymously</Trans>
        </CheckField>
        {editing ? null : (
          <PaidOptions
            order={['made', 'push']}
            paid={paid}
            isOn={(option) => fields[option] === 'Y'}
            onToggle={(option, on) => void toggleCost(option, on)}
          />
        )}
        <CheckField checked={fields.agree === 'Y'} onChange={(on) => set({ agree: yn(on) })} field="agree">
          <Trans>I confirm that this post is honest and contains no false information.</Trans>
        </CheckField>
        <FormActions
          onCancel={cancel}
          pending={pending}
          submitLabel={editing ? <Trans>Save</Trans> : <Trans>Publish</Trans>}
        />
      </Form>
    </ProblemsScope>
  );
}
