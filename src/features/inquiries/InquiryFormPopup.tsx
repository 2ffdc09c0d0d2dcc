import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { addInquireCall, type Inquiry, updateInquireCall } from '../../../sync/api/inquiries.api.ts';
import {
  InquiryRules,
  type InquiryType,
  inquiryProblem,
  inquiryTypes,
} from '../../../sync/community/rules.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { toast } from '../../ui/toast.tsx';
import { inquiryTypeLabels } from '../community/labels.ts';

/** Spec §4 inquiry popup: create mode (no inquiry) or edit; title and content required (§5). */
export function InquiryFormPopup({
  inquiry,
  close,
  onDone,
}: {
  inquiry?: Inquiry;
  close: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const { run, pending } = useCall();
  const [type, setType] = useState<InquiryType>(inquiry?.f_type ?? 'O');
  const [title, setTitle] = useState(inquiry?.f_title ?? '');
  const [content, setContent] = useState(inquiry?.f_content ?? '');
  const [secret, setSecret] = useState<'Y' | 'N'>(inquiry?.f_secret ?? 'N');

  const submit = async () => {
    const problem = inquiryProblem({ title, content });
    if (problem === 'title') return toast(t`Please enter a title.`);
    if (problem === 'content') return toast(t`Please enter the content.`);
    const fields = { type, title: title.trim(), content: content.trim(), secret };
    const saved = await run(() =>
      inquiry
        ? api(updateInquireCall, { ...fields, inquire_idx: inquiry.f_idx })
        : api(addInquireCall, fields),
    );
    if (saved === undefined) return;
    close();
    onDone();
  };

  return (
    <form
      className="form"
      data-testid="inquiry-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="modal__title">{inquiry ? t`Edit inquiry` : t`Ask the admins`}</h2>
      <label className="field">
        <span>{t`Type`}</span>
        <select className="input" value={type} onChange={(e) => setType(e.target.value as InquiryType)}>
          {inquiryTypes.map((value) => (
            <option key={value} value={value}>
              {i18n._(inquiryTypeLabels[value])}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t`Title`}</span>
        <input
          className="input"
          maxLength={InquiryRules.maxTitle}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{t`Content`}</span>
        <textarea
          className="input"
          rows={6}
          maxLength={InquiryRules.maxContent}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={secret === 'Y'}
          onChange={(e) => setSecret(e.target.checked ? 'Y' : 'N')}
        />{' '}
        <Trans>Secret (only you and the admins can read it)</Trans>
      </label>
      <div className="row">
        <button type="button" className="button grow" onClick={close}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button button--primary grow" disabled={pending}>
          <Trans>Save</Trans>
        </button>
      </div>
    </form>
  );
}
