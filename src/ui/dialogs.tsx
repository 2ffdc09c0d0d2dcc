import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback, useState } from 'react';
import { FieldProblem, ProblemsScope, useFieldProblems } from './field-problems.tsx';
import { useModal } from './modal.tsx';

function ConfirmBody({
  message,
  confirmLabel,
  danger,
  onAnswer,
}: {
  message: ReactNode;
  confirmLabel?: string | undefined;
  danger?: boolean | undefined;
  onAnswer: (yes: boolean) => void;
}) {
  return (
    <div>
      <div className="modal__message">{message}</div>
      <div className="modal__actions">
        <button type="button" className="button" onClick={() => onAnswer(false)}>
          <Trans>Cancel</Trans>
        </button>
        <button
          type="button"
          className={`button ${danger ? 'button--danger' : 'button--primary'}`}
          onClick={() => onAnswer(true)}
          autoFocus
        >
          {confirmLabel ?? <Trans>OK</Trans>}
        </button>
      </div>
    </div>
  );
}

/** A confirmation on the modal stack (the back button answers "no"). */
export function useConfirm() {
  const modal = useModal();
  return useCallback(
    (message: ReactNode, options: { confirmLabel?: string; danger?: boolean } = {}) =>
      new Promise<boolean>((resolve) => {
        let answered = false;
        const answer = (close: () => void, yes: boolean) => {
          if (answered) return;
          answered = true;
          resolve(yes);
          close();
        };
        modal.open(
          (close) => (
            <ConfirmBody
              message={message}
              confirmLabel={options.confirmLabel}
              danger={options.danger}
              onAnswer={(yes) => answer(close, yes)}
            />
          ),
          () => {
            if (!answered) {
              answered = true;
              resolve(false);
            }
          },
        );
      }),
    [modal],
  );
}

function PromptBody({
  title,
  label,
  inputMode,
  type,
  validate,
  check,
  initial = '',
  onAnswer,
}: {
  title: string;
  label: string;
  initial?: string | undefined;
  inputMode?: 'tel' | 'text' | 'numeric' | undefined;
  type?: 'text' | 'password' | undefined;
  validate: (value: string) => string | null;
  check?: ((value: string) => Promise<string | null>) | undefined;
  onAnswer: (value: string | null) => void;
}) {
  const { t } = useLingui();
  const [value, setValue] = useState(initial);
  const checked = useFieldProblems(['value'] as const);
  const [checking, setChecking] = useState(false);
  return (
    <ProblemsScope of={checked}>
      <form
        ref={checked.root}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (checked.show({ value: validate(value) ?? undefined })) return;
          if (check) {
            // The answer is tried before the popup closes: a refusal stays beside the field to retry.
            setChecking(true);
            const refused = await check(value).finally(() => setChecking(false));
            if (checked.show({ value: refused ?? undefined })) return;
          }
          onAnswer(value);
        }}
      >
        <h2 className="modal__title">{title}</h2>
        <div className="field">
          <label htmlFor="prompt-input">{label}</label>
          <input
            id="prompt-input"
            value={value}
            type={type ?? 'text'}
            inputMode={inputMode}
            onChange={(e) => {
              checked.clear('value');
              setValue(e.target.value);
            }}
            autoFocus
            {...checked.controlProps('value')}
          />
          <FieldProblem field="value" />
        </div>
        <div className="modal__actions">
          <button type="button" className="button" onClick={() => onAnswer(null)}>
            {t`Cancel`}
          </button>
          <button type="submit" className="button button--primary" disabled={checking}>
            {t`OK`}
          </button>
        </div>
      </form>
    </ProblemsScope>
  );
}

/** A one-field prompt (spec §2 Prompt popup); resolves null when cancelled. */
export function usePrompt() {
  const modal = useModal();
  return useCallback(
    (options: {
      title: string;
      label: string;
      inputMode?: 'tel' | 'text' | 'numeric';
      type?: 'text' | 'password';
      validate?: (value: string) => string | null;
      /** Tries the answer (a password, say); a message keeps the popup open with it shown. */
      check?: (value: string) => Promise<string | null>;
      /** What the field starts with (the text being edited). */
      initial?: string;
    }) =>
      new Promise<string | null>((resolve) => {
        let answered = false;
        modal.open(
          (close) => (
            <PromptBody
              {...options}
              validate={options.validate ?? (() => null)}
              onAnswer={(value) => {
                answered = true;
                resolve(value);
                close();
              }}
            />
          ),
          () => {
            if (!answered) resolve(null);
          },
        );
      }),
    [modal],
  );
}
