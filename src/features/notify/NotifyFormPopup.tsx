import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { updateNotifyCall } from '../../../sync/api/notify.api.ts';
import { ImageKind } from '../../../sync/api/uploads.api.ts';
import { addNotify } from '../../../sync/notify/notify.mutators.ts';
import { autoIntervals, NotifyRules, notifyProblem } from '../../../sync/notify/rules.ts';
import { syncEngine } from '../../sync/client.ts';
import type { Pictures } from '../../sync/send-or-queue.ts';
import { AttachPicturesButton } from '../../ui/AttachPicturesButton.tsx';
import { useConfirm } from '../../ui/dialogs.tsx';
import { CheckField, Form, FormActions, SelectInput, TextField, textBinding } from '../../ui/form-fields.tsx';
import { useKeptState } from '../../ui/kept-form.ts';
import { useModal } from '../../ui/modal.tsx';
import { toast } from '../../ui/toast.tsx';
import { profileStore, useProfile } from '../auth/profile.ts';
import { PaidOptions } from '../points/PaidOptions.tsx';
import { useTicketCheck } from '../points/useTicketCheck.tsx';
import { useAttachPictures } from '../registration/attach-pictures.ts';
import { SiteSelectPopup } from '../sites/select/SiteSelectPopup.tsx';
import { useSendOrQueue } from '../sync/useSendOrQueue.ts';
import { intervalLabels, notifyProblemLabels } from './labels.ts';
import { argsOf, emptyFields, type NotifyFields, useNotifyInfo } from './notify-form.ts';

export interface NotifyFormTarget {
  /** The notification being edited or copied; none for a new one. */
  notifyIdx?: number;
  initial?: Partial<NotifyFields>;
  /** Copy mode (spec §4): a new notification filled from an earlier one, toggles free. */
  copy?: boolean;
  /** A refused queued notification written again: dismissed once this one is sent or queued. */
  rejectedSeq?: number;
}

/**
 * Spec §2 Notify write popup with the rules of §4 and §5 in order. The typing is kept on the device
 * (kept-form) until it is sent or dropped. New when there is no notification or in copy mode, else an
 * edit. Push and made+ on ask first, showing what they use (a count the member has, else points);
 * they are locked on an edit of a manual notification that went out with them. Without a network a new
 * one waits in the outbox with its pictures and is sent on the next sync; an edit needs the network.
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
    ? `notify:${target.notifyIdx}`
    : target.copy
      ? `notify:copy:${target.notifyIdx}`
      : 'notify:new';
  const kept = useKeptState<NotifyFields>({ key, initial: { ...emptyFields, ...target.initial } });
  const fields = kept.value;
  const { costs, count } = useNotifyInfo(fields.site_idx);
  const [files, setFiles] = useState<File[]>([]);
  const { send, sendOnline, pending } = useSendOrQueue();
  const set = (change: Partial<NotifyFields>) => kept.set((f) => ({ ...f, ...change }));
  const initial = target.initial;
  // Spec §4: an existing manual notification that went out with push or made+ keeps them as they were.
  const locked = editing && initial?.is_auto !== 'Y' && (initial?.push === 'Y' || initial?.made1 === 'Y');

  /** What turning made+ or push on uses: one of the member's counts, else points at the settings' cost. */
  const costText = (kind: 'made' | 'push') => {
    const left = (kind === 'made' ? profile?.made_count : profile?.push_count) ?? 0;
    if (left > 0) return t`Uses 1 of your ${left} remaining.`;
    const cost = (kind === 'made' ? costs?.made : costs?.push) ?? 0;
    const points = Math.max(0, profile?.point ?? 0);
    return t`Uses ${cost}P (you have ${points}P).`;
  };

  const toggle = async (kind: 'made' | 'push', on: boolean) => {
    if (!on) return set(kind === 'made' ? { made: 'N', made1: 'N' } : { push: 'N' });
    const question =
      kind === 'made'
        ? t`Made+ keeps the notification at the top for 24 hours.`
        : t`Push sends the notification to the members' phones.`;
    if (await confirm(`${question} ${costText(kind)}`)) set({ [kind]: 'Y' });
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

  const addFiles = useAttachPictures({
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
   * An edit saves online; a new one is sent now, or waits in the outbox with its pictures without
   * a network. A refusal is the ticket offer or the server's words (limit, points); the text stays.
   */
  const write = async (pictures: Pictures): Promise<'sent' | 'queued' | undefined> => {
    const args = (images: string[]) => argsOf(fields, images);
    const options = { failure: ticket.refused };
    const notifyIdx = target.notifyIdx;
    if (editing && notifyIdx !== undefined) {
      const call = updateNotifyCall;
      const saved = await sendOnline(
        { call, args: (i) => ({ ...args(i), notify_idx: notifyIdx }), pictures },
        options,
      );
      if (saved === undefined) return undefined;
      toast(t`Saved.`);
      return 'sent';
    }
    const outcome = await send({ mutator: addNotify, args, pictures, retried: target.rejectedSeq }, options);
    if (outcome?.status === 'sent') {
      toast(t`Notification sent to ${outcome.data.recipients} members.`);
      void profileStore.refresh().catch(() => {});
    }
    return outcome?.status;
  };

  const submit = async () => {
    const problem = notifyProblem(fields);
    if (problem) return toast(i18n._(notifyProblemLabels[problem]));
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
    <Form onSubmit={submit} testId="notify-form">
      <h2 className="modal__title">{editing ? t`Edit notification` : t`Write a notification`}</h2>
      <TextField label={t`Title`} name="title" maxLength={NotifyRules.maxTitle} {...text('title')} />
      <div className="field">
        <span>{t`Site`}</span>
        <div className="row">
          <input
            className="input grow"
            readOnly
            aria-label={t`Linked site`}
            data-testid="notify-site"
            value={fields.site_name}
            placeholder={t`Choose a site`}
            onClick={pickSite}
          />
          <button type="button" className="button button--small" onClick={pickSite}>
            <Trans>Choose</Trans>
          </button>
        </div>
        {fields.address ? <small className="muted">{fields.address}</small> : null}
        {count && !editing ? (
          <small className="muted" data-testid="notify-count">
            {t`Left today for this site: ${count.left} of ${count.limit}`}
          </small>
        ) : null}
      </div>
      <TextField
        label={t`Content`}
        name="content"
        rows={5}
        maxLength={NotifyRules.maxContent}
        {...text('content')}
      />
      <div className="row wrap">
        <AttachPicturesButton onPick={addFiles} />
        <span className="muted">{t`${fields.image_url.length + files.length} pictures`}</span>
      </div>
      <fieldset className="field notify-contacts">
        <legend>{t`Contacts (up to 2)`}</legend>
        {fields.contacts.map((_contact, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two fixed contact rows.
          <div className="notify-contact" key={i}>
            {contactInput(i, 'f_name', { label: t`Contact name ${i + 1}`, placeholder: t`Name` })}
            {contactInput(i, 'f_phone', { label: t`Contact phone ${i + 1}`, placeholder: t`Phone` })}
          </div>
        ))}
      </fieldset>
      <PaidOptions
        order={['push', 'made']}
        costs={costs}
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
      <FormActions
        onCancel={cancel}
        pending={pending}
        submitLabel={editing ? <Trans>Save</Trans> : <Trans>Send</Trans>}
      />
    </Form>
  );
}
