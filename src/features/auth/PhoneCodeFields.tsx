import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatPhone } from '../../lib/format.ts';
import { FieldProblem, useFieldProblem } from '../../ui/field-problems.tsx';
import { formatCountdown, type usePhoneCode } from './usePhoneCode.ts';

/** The phone and code inputs of login and sign-up: send code, 180 s countdown, code entry. */
export function PhoneCodeFields({
  idPrefix,
  phone,
  onPhone,
  code,
  onCode,
  phoneCode,
  onSend,
  showCountdown = true,
  codeAction,
}: {
  idPrefix: string;
  phone: string;
  onPhone: (value: string) => void;
  code: string;
  onCode: (value: string) => void;
  phoneCode: ReturnType<typeof usePhoneCode>;
  onSend: () => void;
  showCountdown?: boolean;
  /** A button beside the code (sign-up's "verify"). */
  codeAction?: ReactNode;
}) {
  const { t } = useLingui();
  // Their problems (the form's `phone_number` and `code`) show under each.
  const phoneProblem = useFieldProblem('phone_number');
  const codeProblem = useFieldProblem('code');
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-phone`}>{t`Phone number`}</label>
        <div className="row">
          <input
            id={`${idPrefix}-phone`}
            className="grow"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="010-0000-0000"
            value={phone}
            onChange={(e) => onPhone(formatPhone(e.target.value))}
            {...phoneProblem.controlProps}
          />
          <button type="button" className="button" onClick={onSend} disabled={phoneCode.sending}>
            {phoneCode.requested ? t`Send again` : t`Send code`}
          </button>
        </div>
        <FieldProblem field="phone_number" />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-code`}>{t`Code`}</label>
        <div className="row">
          <input
            id={`${idPrefix}-code`}
            className="grow"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => onCode(e.target.value.replace(/\D/g, ''))}
            {...codeProblem.controlProps}
          />
          {phoneCode.requested && showCountdown ? (
            <span
              className={phoneCode.expired ? 'field__error' : 'muted'}
              aria-live="polite"
              data-testid="countdown"
            >
              {phoneCode.expired ? t`Expired` : formatCountdown(phoneCode.secondsLeft)}
            </span>
          ) : null}
          {codeAction}
        </div>
        <FieldProblem field="code" />
      </div>
    </>
  );
}
