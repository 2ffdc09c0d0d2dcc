import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ProblemsScope } from '../../ui/field-problems.tsx';
import type { FormProblem } from './validate.ts';

/**
 * A part of the registration form and the fields it holds (`data-fields`); the part is outlined
 * while one of its fields has a problem, and each problem shows beside its own field (the
 * sections' controls name their field, src/ui/field-problems.tsx). A unit's problem (`rooms.2`)
 * belongs to its list (`rooms`).
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
  const mine = problems.filter((p) => keys.includes(fieldKey(p.field)));
  const said = Object.fromEntries(mine.map((p) => [fieldKey(p.field), i18n._(p.message)]));
  return (
    <div data-fields={fields} className={mine.length > 0 ? 'reg-group reg-group--problem' : 'reg-group'}>
      <ProblemsScope problems={said}>{children}</ProblemsScope>
    </div>
  );
}

/** The form field a rule's failure is about: `rooms.2` is the area list's. */
export function fieldKey(field: string): string {
  return field.split('.')[0] ?? field;
}
