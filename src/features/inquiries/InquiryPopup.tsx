import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import {
  getInquireDetailCall,
  type Inquiry,
  removeInquireCall,
  sendInquireAnswerCall,
} from '../../../sync/api/inquiries.api.ts';
import { answerProblem, InquiryRules } from '../../../sync/community/rules.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { useQuery } from '../../api/useQuery.ts';
import { formatDateTime, formatPhone } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { FieldProblem, ProblemsScope, useFieldProblems } from '../../ui/field-problems.tsx';
import { inquiryTypeLabels } from '../community/labels.ts';

/**
 * One inquiry (spec §2 /Inquire, §4): its content and answer; edit and delete for the author or a
 * moderator; the answer form for a moderator (spec §5: not empty), which makes it answered.
 */
export function InquiryPopup({
  inquiryIdx,
  moderator,
  close,
  onEdit,
  onChanged,
}: {
  inquiryIdx: number;
  moderator: boolean;
  close: () => void;
  onEdit: (inquiry: Inquiry) => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const confirm = useConfirm();
  const { run, pending } = useCall();
  const {
    data: inquiry,
    error,
    reload,
  } = useQuery(useCallback(() => api(getInquireDetailCall, { inquire_idx: inquiryIdx }), [inquiryIdx]));
  const [answer, setAnswer] = useState('');
  const checked = useFieldProblems(['answer'] as const);
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  if (!inquiry) {
    return (
      <div>
        <p className="muted">{error ? t`This inquiry cannot be opened.` : t`Loading…`}</p>
        <div className="modal__actions">
          <button type="button" className="button" onClick={close}>
            <Trans>Close</Trans>
          </button>
        </div>
      </div>
    );
  }

  const sendAnswer = async () => {
    if (checked.show({ answer: answerProblem({ answer }) ? t`Please enter an answer.` : undefined })) return;
    const done = await run(() =>
      api(sendInquireAnswerCall, { inquire_idx: inquiry.f_idx, answer: answer.trim() }),
    );
    if (done === undefined) return;
    setAnswer('');
    reload();
    onChanged();
  };

  const remove = async () => {
    if (!(await confirm(t`Delete this inquiry?`, { danger: true }))) return;
    if ((await run(() => api(removeInquireCall, { idx_list: [inquiry.f_idx] }))) === undefined) return;
    close();
    onChanged();
  };

  return (
    <article data-testid="inquiry-detail">
      <p className="muted">
        {i18n._(inquiryTypeLabels[inquiry.f_type])}
        {inquiry.f_secret === 'Y' ? ` · ${t`Secret`}` : ''}
      </p>
      <h2 className="modal__title">{inquiry.f_title}</h2>
      <p className="muted">
        {inquiry.f_user_name}
        {inquiry.f_user_phone ? ` · ${formatPhone(inquiry.f_user_phone)}` : ''} ·{' '}
        {formatDateTime(inquiry.f_reg_time, locale)}
      </p>
      <p className="post-body">{inquiry.f_content}</p>
      <section className="card" aria-label={t`Answer`}>
        {inquiry.f_status === 'A' ? (
          <>
            <strong>{t`Answer`}</strong>
            <p className="post-body">{inquiry.f_answer}</p>
            <span className="muted">{formatDateTime(inquiry.f_answer_time, locale)}</span>
          </>
        ) : (
          <p className="muted">{t`Not answered yet.`}</p>
        )}
      </section>
      {moderator ? (
        <ProblemsScope of={checked}>
          <form
            ref={checked.root}
            className="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void sendAnswer();
            }}
          >
            <textarea
              className="input"
              rows={3}
              maxLength={InquiryRules.maxAnswer}
              aria-label={t`Answer`}
              value={answer}
              onChange={(e) => {
                checked.clear('answer');
                setAnswer(e.target.value);
              }}
              {...checked.controlProps('answer')}
            />
            <FieldProblem field="answer" />
            <button type="submit" className="button button--primary" disabled={pending}>
              <Trans>Send answer</Trans>
            </button>
          </form>
        </ProblemsScope>
      ) : null}
      <div className="modal__actions">
        {inquiry.can_edit ? (
          <>
            <button type="button" className="button" onClick={() => onEdit(inquiry)}>
              <Trans>Edit</Trans>
            </button>
            <button type="button" className="button button--danger" onClick={() => void remove()}>
              <Trans>Delete</Trans>
            </button>
          </>
        ) : null}
        <button type="button" className="button" onClick={close}>
          <Trans>Close</Trans>
        </button>
      </div>
    </article>
  );
}
