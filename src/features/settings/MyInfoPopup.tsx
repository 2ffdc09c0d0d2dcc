import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { updateProfileCall } from '../../../sync/api/auth.api.ts';
import { api } from '../../api/client.ts';
import { useCall, useCallFailure } from '../../api/useCall.ts';
import { formatPhone } from '../../lib/format.ts';
import { FilePicker } from '../../ui/FilePicker.tsx';
import { FieldProblem, ProblemsScope, useFieldProblems } from '../../ui/field-problems.tsx';
import { profileStore, useProfile } from '../auth/profile.ts';

/** Settings "my info": affiliation then name required (spec §5 Profile update); card photo optional. */
export function MyInfoPopup({ close }: { close: () => void }) {
  const { t } = useLingui();
  const profile = useProfile();
  const [affiliation, setAffiliation] = useState(profile?.affiliation ?? '');
  const [name, setName] = useState(profile?.name ?? '');
  const [card, setCard] = useState<File | null>(null);
  const { run, pending: busy } = useCall();
  const fail = useCallFailure();
  const checked = useFieldProblems(['business_card', 'affiliation', 'name'] as const);

  const save = async () => {
    const problems = {
      affiliation: affiliation.trim() ? undefined : t`Please enter your affiliation.`,
      name: name.trim() ? undefined : t`Please enter your name.`,
    };
    if (checked.show(problems)) return;
    const updated = await run(
      () => api(updateProfileCall, { affiliation, name, ...(card ? { business_card: card } : {}) }),
      // A -4 naming a field is said beside it; any other refusal as the server wrote it.
      { failure: (err) => checked.fromServer(err) || fail(err) },
    );
    if (!updated) return;
    profileStore.set(updated);
    close();
  };

  const input = (field: 'affiliation' | 'name', value: string, onChange: (value: string) => void) => (
    <input
      id={`myinfo-${field}`}
      value={value}
      {...checked.controlProps(field)}
      onChange={(e) => {
        checked.clear(field);
        onChange(e.target.value);
      }}
    />
  );

  return (
    <ProblemsScope of={checked}>
      <form
        ref={checked.root}
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h2 className="modal__title">{t`My info`}</h2>
        <p className="muted">{formatPhone(profile?.phone ?? '')}</p>
        {profile?.business_card && !card ? (
          <img className="card-preview" src={profile.business_card} alt={t`Business card`} />
        ) : null}
        <div className="field">
          <label htmlFor="myinfo-card">{t`Business card photo`}</label>
          <FilePicker
            id="myinfo-card"
            chosen={card?.name ?? null}
            problem={checked.problems.business_card}
            onPick={(file) => {
              checked.clear('business_card');
              setCard(file);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="myinfo-affiliation">{t`Affiliation`}</label>
          {input('affiliation', affiliation, setAffiliation)}
          <FieldProblem field="affiliation" />
        </div>
        <div className="field">
          <label htmlFor="myinfo-name">{t`Name`}</label>
          {input('name', name, setName)}
          <FieldProblem field="name" />
        </div>
        <div className="modal__actions">
          <button type="button" className="button" onClick={close}>
            {t`Cancel`}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t`Save`}
          </button>
        </div>
      </form>
    </ProblemsScope>
  );
}
