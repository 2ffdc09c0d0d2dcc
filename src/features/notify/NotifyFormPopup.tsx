import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ImageKind } from '../../../sync/api/uploads.api.ts';
import { addNotify, updateNotify } from '../../../sync/notify/notify.mutators.ts';
import { autoIntervals, NotifyRules, notifyProblems } from '../../../sync/notify/rules.ts';
import { paidWith } from '../../../sync/points/paid-options.ts';
import { syncEngine } from '../../sync/client.ts';
import type { Pictures } from '../../sync/send-or-queue.ts';
import { AttachPicturesButton } from '../../ui/AttachPicturesButton.tsx';
import { useConfirm } from '../../ui/dialogs.tsx';
import { FieldProblem, ProblemsScope, useFieldProblem, useFieldProblems } from '../../ui/field-problems.tsx';
import { CheckField, Form, FormActions, SelectInput, TextField, textBinding } from '../../ui/form-fields.tsx';
import { useKeptState } from '../../ui/kept-form.ts';
import { useModal } from '../../ui/modal.tsx';
import { profileStore, useProfile } from '../auth/profile.ts';
import { useCostText } from '../points/cost-text.ts';
import { PaidOptions } from '../points/PaidOptions.tsx';
import { useTicketCheck } from '../points/useTicketCheck.tsx';
import { useAttachPictures } from '../registration/attach-pictures.ts';
import { SiteSelectPopup } from '../sites/select/SiteSelectPopup.tsx';
import { useSendOrQueue } from '../sync/useSendOrQueue.ts';
import { intervalLabels, notifyProblemLabels } from './labels.ts';
import {
  argsOf,
  emptyFields,
  type NotifyBase,
  type NotifyDraft,
  type NotifyFields,
  useNotifyInfo,
} from './notify-form.ts';

export interface NotifyFormTarget {
  /** The notification being edited or copied; none for a new one. */
  notifyIdx?: number;
  initial?: Partial<NotifyFields>;
  /** Copy mode (spec §4): a new notification filled from an earlier one, toggles free. */
  copy?: boolean;
  /** A refused queued notification written again: dismissed once this one is sent or queued. */
  rejectedSeq?: number;
  /** An edit: the copy it is made on. */
  base?: NotifyBase;
}

/**
 * Spec §2 Notify write popup with the rules of §4 and §5 in order. The typing is kept on the device
 * (kept-form) until it is sent or dropped. New when there is no notification or in copy mode, else an
 * edit. Push and made+ on ask first, showing what they use (a count the member has, else points);
 * they are locked on an edit of a manual notification that went out with them. Without a network a new
 * one or an edit waits in the outbox with its pictures and goes out on the next sync; an edit carries
 * the copy it was made on (kept with the typing), so a change made elsewhere meanwhile is a conflict.
 */
export function NotifyFormPopup({
  target,
  close,
  onSaved,
}: {
  target: NotifyFormTarget;
  close: () => void;
  onSaved: (auto: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const confirm = useConfirm();
  const modal = useModal();
  const ticket = useTicketCheck();
  const profile = useProfile();
  const editing = target.notifyIdx !== undefined && !target.copy;
  const key = editing
    ? target.rejectedSeq !== undefined
      ? `notify:${target.notifyIdx}:retry:${target.rejectedSeq}`
      : `notify:${target.notifyIdx}`
    : target.copy
      ? `notify:copy:${target.notifyIdx}`
      : 'notify:new';
  const kept = useKeptState<NotifyDraft>({
    key,
    initial: { ...emptyFields, ...target.initial, ...(target.base ? { base: target.base } : {}) },
  });
  const fields = kept.value;
  const { costs, count } = useNotifyInfo(fields.site_idx);
  const [files, setFiles] = useState<File[]>([]);
  const { send, pending } = useSendOrQueue();
  const checked = useFieldProblems([
    'title',
    'site_idx',
    'content',
    'image_url',
    'contacts',
    'auto_time',
  ] as const);
  const set = (change: Partial<NotifyFields>) => {
    // A field's problem goes as it is edited.
    for (const key of Object.keys(change)) checked.clear(key);
    kept.set((f) => ({ ...f, ...change }));
  };
  const initial = target.initial;
  // Spec §4: an existing manual notification that went out with push or made+ keeps them as they were.
  const locked = editing && initial?.is_auto !== 'Y' && (initial?.push === 'Y' || initial?.made1 === 'Y');

  /** What turning made+ or push on uses: one of the member's counts, else points at the settings' cost. */
  const { uses } = useCostText();
  const balance = profile?.point ?? 0;
  const paid = costs
    ? {
        made: paidWith({ left: profile?.made_count ?? 0, cost: costs.made, balance }),
        push: paidWith({ left: profile?.push_count ?? 0, cost: costs.push, balance }),
      }
    : null;

  const toggle = async (kind: 'made' | 'push', on: boolean) => {
    if (!on) return set(kind === 'made' ? { made: 'N', made1: 'N' } : { push: 'N' });
    const question =
      kind === 'made'
        ? t`Made+ keeps the notification at the top for 24 hours.`
        : t`Push sends the notification to the members' phones.`;
    const use = paid ? uses(paid[kind]) : '';
    if (await confirm(`${question} ${use ? t`It ${use}. Use it?` : t`Use it?`}`)) set({ [kind]: 'Y' });
  };

  const pickSite = () =>
    modal.open((closePicker) => (
      <SiteSelectPopup
        mode="picker"
        close={closePicker}
        onPicked={(site) =>
          set({
            site_idx: site.f_idx,
            site_name: site.f_name,
            address: [site.f_address1, site.f_address2].filter((s) => s.trim() !== '').join(' '),
          })
        }
      />
    ));

  const pictures = useAttachPictures({
    count: fields.image_url.length + files.length,
    max: NotifyRules.maxImages,
    add: (picked) => setFiles((list) => [...list, ...picked]),
  });

  const finish = async (auto: boolean) => {
    await kept.discard();
    close();
    onSaved(auto);
  };

  /**
   * A new one or an edit is sent now, or waits in the outbox with its pictures without a network.
   * A refusal is the ticket offer or the server's words (limit, points); the text stays.
   */
  const write = async (pictures: Pictures): Promise<'sent' | 'queued' | undefined> => {
    const args = (images: string[]) => argsOf(fields, images);
    // A -4 naming a field of the form is said beside it; the rest as the ticket check tells them.
    const options = {
      failure: (err: unknown) => (checked.fromServer(err) ? undefined : ticket.refused(err)),
    };
    const notifyIdx = target.notifyIdx;
    if (editing && notifyIdx !== undefined) {
      const base = fields.base;
      const saved = await send(
        {
          mutator: updateNotify,
          args: (i) => ({
            ...args(i),
            notify_idx: notifyIdx,
            base_version: base?.version ?? null,
            base: base?.fields ?? null,
          }),
          pictures,
          retried: target.rejectedSeq,
        },
        options,
      );
      // Sent: the server's success message is the one toast of the save; queued: the queued notice.
      return saved?.status;
    }
    const outcome = await send({ mutator: addNotify, args, pictures, retried: target.rejectedSeq }, options);
    // Sent: the server's message says to how many members, the one toast of the send.
    if (outcome?.status === 'sent') void profileStore.refresh().catch(() => {});
    return outcome?.status;
  };

  const submit = async () => {
    const problems = notifyProblems(fields).map((p) => [
      p === 'site' ? 'site_idx' : p,
      i18n._(notifyProblemLabels[p]),
    ]);
    if (checked.show(Object.fromEntries(problems))) return;
    const status = await write({ files, kind: ImageKind.photo });
    if (status === undefined) return;
    if (status === 'sent') void syncEngine.sync();
    await finish(fields.is_auto === 'Y');
  };

  if (!kept.ready) return null;
  const text = textBinding(fields, set);
  const cancel = () => {
    void kept.discard();
    close();
  };
  /** One of the two contact rows' name or phone box. */
  const contactInput = (
    i: number,
    key: 'f_name' | 'f_phone',
    text: { label: string; placeholder: string },
  ) => (
    <input
      className="input"
      inputMode={key === 'f_phone' ? 'tel' : undefined}
      placeholder={text.placeholder}
      aria-label={text.label}
      maxLength={key === 'f_phone' ? NotifyRules.maxContactPhone : NotifyRules.maxContactName}
      value={fields.contacts[i]?.[key] ?? ''}
      onChange={(e) =>
        set({ contacts: fields.contacts.map((c, j) => (j === i ? { ...c, [key]: e.target.value } : c)) })
      }
    />
  );
  return (
    <ProblemsScope of={checked}>
      <Form onSubmit={submit} testId="notify-form" formRef={checked.root}>
        <h2 className="modal__title">{editing ? t`Edit notification` : t`Write a notification`}</h2>
        <TextField
          label={t`Title`}
          name="title"
          maxLength={NotifyRules.maxTitle}
          field="title"
          {...text('title')}
        />
        <LinkedSiteField
          name={fields.site_name}
          address={fields.address}
          onPick={pickSite}
          count={count && !editing ? t`Left today for this site: ${count.left} of ${count.limit}` : null}
        />
        <TextField
          label={t`Content`}
          name="content"
          rows={5}
          maxLength={NotifyRules.maxContent}
          field="content"
          {...text('content')}
        />
        <div className="row wrap">
          <AttachPicturesButton onPick={pictures.attach} room={pictures.room} testId="notify-file" />
          <span className="muted">{t`${fields.image_url.length + files.length} pictures`}</span>
        </div>
        <FieldProblem field="image_url" />
        <fieldset className="field notify-contacts">
          <legend>{t`Contacts (up to 2)`}</legend>
          {fields.contacts.map((_contact, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two fixed contact rows.
            <div className="notify-contact" key={i}>
              {contactInput(i, 'f_name', { label: t`Contact name ${i + 1}`, placeholder: t`Name` })}
              {contactInput(i, 'f_phone', { label: t`Contact phone ${i + 1}`, placeholder: t`Phone` })}
            </div>
          ))}
          <FieldProblem field="contacts" />
        </fieldset>
        <PaidOptions
          order={['push', 'made']}
          paid={paid}
          disabled={locked}
          isOn={(option) => fields[option] === 'Y'}
          onToggle={(option, on) => void toggle(option, on)}
        />
        {locked ? <small className="muted">{t`Push and made+ stay as they were sent.`}</small> : null}
        <CheckField
          name="is_auto"
          disabled={editing}
          checked={fields.is_auto === 'Y'}
          onChange={(on) => set({ is_auto: on ? 'Y' : 'N' })}
        >
          <Trans>Send automatically</Trans>
        </CheckField>
        {fields.is_auto === 'Y' ? (
          <div className="row notify-auto">
            <SelectInput
              ariaLabel={t`Interval`}
              value={fields.auto_interval}
              options={autoIntervals}
              labelOf={(interval) => i18n._(intervalLabels[interval])}
              onChange={(auto_interval) => set({ auto_interval })}
            />
            <input
              className="input"
              type="time"
              aria-label={t`Time`}
              value={fields.auto_time}
              onChange={(e) => set({ auto_time: e.target.value || NotifyRules.defaultAutoTime })}
            />
          </div>
        ) : null}
        <FieldProblem field="auto_time" />
        <FormActions
          onCancel={cancel}
          pending={pending}
          submitLabel={editing ? <Trans>Save</Trans> : <Trans>Send</Trans>}
        />
      </Form>
    </ProblemsScope>
  );
}

/** The linked site (spec §5: required), chosen in the site picker; its problem under it. */
function LinkedSiteField({
  name,
  address,
  count,
  onPick,
}: {
  name: string;
  address: string;
  /** How many more the site takes today, when known. */
  count: string | null;
  onPick: () => void;
}) {
  const { t } = useLingui();
  const { controlProps } = useFieldProblem('site_idx');
  return (
    <div className="field">
      <span>{t`Site`}</span>
      <div className="row">
        <input
          className="input grow"
          readOnly
          aria-label={t`Linked site`}
          data-testid="notify-site"
          value={name}
          placeholder={t`Choose a site`}
          onClick={onPick}
          {...controlProps}
        />
        <button type="button" className="button button--small" onClick={onPick}>
          <Trans>Choose</Trans>
        </button>
      </div>
      <FieldProblem field="site_idx" />
      {address ? <small className="muted">{address}</small> : null}
      {count ? (
        <small className="muted" data-testid="notify-count">
          {count}
        </small>
      ) : null}
    </div>
  );
}
