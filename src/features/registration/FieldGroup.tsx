import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { FormProblem } from './validate.ts';

/**
 * A part of the registration form and the fields it holds (`data-fields`, what a problem scrolls
 * to); the problems of those fields are shown at its top, beside the fields, until fixed.
 */
export function FieldGroup({
  fields,
  problems,
  children,
}: {
  fields: string;
  problems: readonly FormProblem[];
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const keys = fields.split(' ');
  const mine = problems.filter((p) => keys.includes(p.field.split('.')[0] ?? p.field));
  return (
    <div data-fields={fields} className={mine.length > 0 ? 'reg-group reg-group--problem' : 'reg-group'}>
      {mine.map((p) => (
        <p key={p.field} className="field__error reg-group__error" role="alert" data-testid="field-problem">
          {i18n._(p.message)}
        </p>
      ))}
      {children}
    </div>
  );
}
