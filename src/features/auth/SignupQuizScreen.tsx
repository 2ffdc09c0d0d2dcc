import { useLingui } from '@lingui/react/macro';
import { Navigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  type CertQuestion,
  getCertQuestionListCall,
  updateCertAnswerCall,
} from '../../../sync/api/auth.api.ts';
import { ResultCode } from '../../../sync/codes.ts';
import { ApiError, api, NetworkError } from '../../api/client.ts';
import { phoneDigits } from '../../lib/format.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { toast } from '../../ui/toast.tsx';
import { signupDraft, submitSignUp } from './signup-draft.ts';
import { UnderReview } from './UnderReview.tsx';

/** Spec §2 sign-up quiz: every question answered; a failed set (-8) stays on the quiz. */
export function SignupQuizScreen() {
  const { t } = useLingui();
  const [draft] = useState(() => signupDraft.get());
  const [questions, setQuestions] = useState<CertQuestion[] | null>(null);
  const [answers, setAnswers] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    api(getCertQuestionListCall, {})
      .then((r) => setQuestions(r.list))
      .catch((err: unknown) =>
        toast(
          err instanceof ApiError
            ? err.message
            : t`Network communication error. Please check your connection.`,
        ),
      );
  }, [t]);

  if (!draft && !done) return <Navigate to="/SignupInfo" replace />;

  const submit = async () => {
    if (!draft || !questions) return;
    if (questions.some((q) => answers[q.f_idx] === undefined)) return toast(t`Please answer every question.`);
    const list = questions.map((q) => ({ f_idx: q.f_idx, answer: answers[q.f_idx] as number }));
    setBusy(true);
    try {
      await api(updateCertAnswerCall, { phone: phoneDigits(draft.phone), answer_list: list });
      await submitSignUp({ draft, answers: list });
      signupDraft.clear();
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === ResultCode.certAnswerFailed) {
        // Back to the quiz: the answers are cleared for another try.
        setAnswers({});
        window.scrollTo({ top: 0 });
      }
      if (err instanceof ApiError) toast(err.message);
      else if (err instanceof NetworkError)
        toast(t`Network communication error. Please check your connection.`);
      else toast(t`An unexpected error occurred. Please restart the app.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ScreenHeader title={t`Certification quiz`} back />
      <main className="screen">
        {done ? (
          <UnderReview />
        ) : (
          <form
            className="form"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            {questions === null ? <p className="muted">{t`Loading…`}</p> : null}
            {questions?.map((q, i) => (
              <fieldset key={q.f_idx} className="quiz-question">
                <legend>
                  {i + 1}. {q.f_question}
                </legend>
                {q.f_answer_list.map((answer, k) => (
                  <label key={answer} className="choice">
                    <input
                      type="radio"
                      name={`q-${q.f_idx}`}
                      checked={answers[q.f_idx] === k}
                      onChange={() => setAnswers((a) => ({ ...a, [q.f_idx]: k }))}
                    />
                    {answer}
                  </label>
                ))}
              </fieldset>
            ))}
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={busy || !questions}
            >
              {t`Submit application`}
            </button>
          </form>
        )}
      </main>
    </>
  );
}
