import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { addInquireCall, type Inquiry, updateInquireCall } from '../../../sync/api/inquiries.api.ts';
import {
  InquiryRules,
  type InquiryType,
  inquiryProblems,
  inquiryTypes,
} from '../../../sync/community/rules.ts';
import { api } from '../../api/client.ts';
import { useCall, useCallFailure } from '../../api/useCall.ts';
import { ProblemsScope, useFieldProblems } from '../../ui/field-problems.tsx';
import { TextField } from '../../ui/form-fields.tsx';
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
  const fail = useCallFailure();
  const checked = useFieldProblems(['title', 'content'] as const);
  const messages = { title: t`Please enter a title.`, content: t`Please enter the content.` };

  const submit = async () => {
    const problems = inquiryProblems({ title, content }).map((p) => [p, messages[p]]);
    if (checked.show(Object.fromEntries(problems))) return;
    const fields = { type, title: title.trim(), content: content.trim(), secret };
    const saved = await run(
      () =>
        inquiry
          ? api(updateInquireCall, { ...fields, inquire_idx: inquiry.f_idx })
          : api(addInquireCall, fields),
      // A -4 naming the title or the content is said beside it.
      { failure: (err) => checked.fromServer(err) || fail(err) },
    );
    if (saved === undefined) return;
    close();
    onDone();
  };

  return (
    <ProblemsScope of={checked}>
      <form
        ref={checked.root}
        className="form"
        noValidate
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
        <TextField
          label={t`Title`}
          maxLength={InquiryRules.maxTitle}
          field="title"
          value={title}
          onChange={(value) => {
            checked.clear('title');
            setTitle(value);
          }}
        />
        <TextField
          label={t`Content`}
          rows={6}
          maxLength={InquiryRules.maxContent}
          field="content"
          value={content}
          onChange={(value) => {
            checked.clear('content');
            setContent(value);
          }}
        />
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
    </ProblemsScope>
  );
}
