import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { addNotifyCall, updateNotifyCall } from '../../../sync/api/notify.api.ts';
import { ImageKind } from '../../../sync/api/uploads.api.ts';
import { autoIntervals, NotifyRules, notifyProblem } from '../../../sync/notify/rules.ts';
import { api, NetworkError } from '../../api/client.ts';
import { localDb } from '../../db/db.ts';
import { syncEngine } from '../../sync/client.ts';
import { keepFile } from '../../sync/files.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { useKeptState } from '../../ui/kept-form.ts';
import { useModal } from '../../ui/modal.tsx';
import { toast } from '../../ui/toast.tsx';
import { profileStore, useProfile } from '../auth/profile.ts';
import { useTicketCheck } from '../points/useTicketCheck.tsx';
import { imageProblem, uploadImage } from '../registration/upload.ts';
import { SiteSelectPopup } from '../sites/select/SiteSelectPopup.tsx';
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
  const [sending, setSending] = useState(false);
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

  const addFiles = (picked: File[]) => {
    if (picked.some((f) => imageProblem(f) === 'notImage')) return toast(t`Unsupported image format.`);
    if (picked.some((f) => imageProblem(f) === 'tooLarge')) return toast(t`The picture is too large.`);
    if (fields.image_url.length + files.length + picked.length > NotifyRules.maxImages) {
      return toast(t`At most ${NotifyRules.maxImages} pictures.`);
    }
    setFiles((list) => [...list, ...picked]);
    toast(t`Attached.`);
  };

  const finish = async (auto: boolean) => {
    if (target.rejectedSeq !== undefined) await syncEngine.dismiss(target.rejectedSeq);
    await kept.discard();
    close();
    onSaved(auto);
  };

  const queue = async () => {
    const refs = await Promise.all(
      files.map((file) => keepFile({ db: localDb, file, name: file.name, kind: ImageKind.photo })),
    );
    await syncEngine.mutate('addNotify', argsOf(fields, refs));
    toast(t`No network: the notification is kept on this device and sent when you are back online.`);
    await finish(fields.is_auto === 'Y');
  };

  const submit = async () => {
    const problem = notifyProblem(fields);
    if (problem) return toast(i18n._(notifyProblemLabels[problem]));
    setSending(true);
    try {
      const urls = await Promise.all(
        files.map((file) => uploadImage({ file, kind: ImageKind.photo, onProgress: () => {} })),
      );
      if (editing && target.notifyIdx !== undefined) {
        await api(updateNotifyCall, { ...argsOf(fields, urls), notify_idx: target.notifyIdx });
        toast(t`Saved.`);
      } else {
        const done = await api(addNotifyCall, argsOf(fields, urls));
        toast(t`Notification sent to ${done.recipients} members.`);
        void profileStore.refresh().catch(() => {});
      }
      void syncEngine.sync();
      await finish(fields.is_auto === 'Y');
    } catch (err) {
      if (err instanceof NetworkError && !editing) await queue();
      // The ticket offer, or the server's refusal as it worded it (limit, points); the text stays.
      else await ticket.guard(() => Promise.reject(err));
    } finally {
      setSending(false);
    }
  };

  if (!kept.ready) return null;
  return (
    <form
      className="form"
      data-testid="notify-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="modal__title">{editing ? t`Edit notification` : t`Write a notification`}</h2>
      <label className="field">
        <span>{t`Title`}</span>
        <input
          className="input"
          name="title"
          maxLength={NotifyRules.maxTitle}
          value={fields.title}
          onChange={(e) => set({ title: e.target.value })}
        />
      </label>
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
      <label className="field">
        <span>{t`Content`}</span>
        <textarea
          className="input"
          name="content"
          rows={5}
          maxLength={NotifyRules.maxContent}
          value={fields.content}
          onChange={(e) => set({ content: e.target.value })}
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
            onChange={(e) => {
              if (e.target.files?.length) addFiles([...e.target.files]);
              e.target.value = '';
            }}
          />
        </label>
        <span className="muted">{t`${fields.image_url.length + files.length} pictures`}</span>
      </div>
      <fieldset className="field notify-contacts">
        <legend>{t`Contacts (up to 2)`}</legend>
        {fields.contacts.map((contact, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two fixed contact rows.
          <div className="notify-contact" key={i}>
            <input
              className="input"
              placeholder={t`Name`}
              aria-label={t`Contact name ${i + 1}`}
              maxLength={NotifyRules.maxContactName}
              value={contact.f_name}
              onChange={(e) =>
                set({
                  contacts: fields.contacts.map((c, j) => (j === i ? { ...c, f_name: e.target.value } : c)),
                })
              }
            />
            <input
              className="input"
              inputMode="tel"
              placeholder={t`Phone`}
              aria-label={t`Contact phone ${i + 1}`}
              maxLength={NotifyRules.maxContactPhone}
              value={contact.f_phone}
              onChange={(e) =>
                set({
                  contacts: fields.contacts.map((c, j) => (j === i ? { ...c, f_phone: e.target.value } : c)),
                })
              }
            />
          </div>
        ))}
      </fieldset>
      <label className="check">
        <input
          type="checkbox"
          name="push"
          disabled={locked}
          checked={fields.push === 'Y'}
          onChange={(e) => void toggle('push', e.target.checked)}
        />{' '}
        {t`Push (${costs?.push ?? 0}P)`}
      </label>
      <label className="check">
        <input
          type="checkbox"
          name="made"
          disabled={locked}
          checked={fields.made === 'Y'}
          onChange={(e) => void toggle('made', e.target.checked)}
        />{' '}
        {t`Made+ (top for 24 hours, ${costs?.made ?? 0}P)`}
      </label>
      {locked ? <small className="muted">{t`Push and made+ stay as they were sent.`}</small> : null}
      <label className="check">
        <input
          type="checkbox"
          name="is_auto"
          disabled={editing}
          checked={fields.is_auto === 'Y'}
          onChange={(e) => set({ is_auto: e.target.checked ? 'Y' : 'N' })}
        />{' '}
        <Trans>Send automatically</Trans>
      </label>
      {fields.is_auto === 'Y' ? (
        <div className="row notify-auto">
          <select
            className="input"
            aria-label={t`Interval`}
            value={fields.auto_interval}
            onChange={(e) => set({ auto_interval: e.target.value as NotifyFields['auto_interval'] })}
          >
            {autoIntervals.map((interval) => (
              <option key={interval} value={interval}>
                {i18n._(intervalLabels[interval])}
              </option>
            ))}
          </select>
          <input
            className="input"
            type="time"
            aria-label={t`Time`}
            value={fields.auto_time}
            onChange={(e) => set({ auto_time: e.target.value || NotifyRules.defaultAutoTime })}
          />
        </div>
      ) : null}
      <div className="row">
        <button
          type="button"
          className="button grow"
          onClick={() => {
            void kept.discard();
            close();
          }}
        >
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button button--primary grow" disabled={sending}>
          {editing ? <Trans>Save</Trans> : <Trans>Send</Trans>}
        </button>
      </div>
    </form>
  );
}
