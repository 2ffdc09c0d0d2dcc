import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { updateAppInfoCall } from '../../../../sync/api/home-admin.api.ts';
import { type AppInfo, getAppInfoCall } from '../../../../sync/api/system.api.ts';
import {
  type AppSettingName,
  appSettingDefs,
  isLockedSetting,
  type SettingDef,
  settingProblem,
} from '../../../../sync/home/app-settings.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { useQuery } from '../../../api/useQuery.ts';
import { useConfirm } from '../../../ui/dialogs.tsx';
import { useAdminLock } from '../useAdminLock.ts';
import { choiceLabels, settingGroups, settingLabels } from './setting-labels.ts';
import './admin-home.css';

/**
 * Spec §2 admin info: every app setting of §3, each saved on its own (updateAppInfo). The limits
 * shown and checked here are the server's (sync/home/app-settings.ts). Point costs and the ticket
 * move money: they need the admin lock and a confirmation naming the old and new value.
 */
export function InfoScreen() {
  const { t, i18n } = useLingui();
  const load = useCallback(() => api(getAppInfoCall, {}), []);
  const query = useQuery(load);
  const [info, setInfo] = useState<AppInfo | null>(null);
  const current = info ?? query.data;
  if (!current)
    return <p className="muted">{query.loading ? t`Loading…` : t`Could not load the settings.`}</p>;
  return (
    <div className="admin-info">
      {settingGroups.map((group) => (
        <section key={group.title.id} aria-label={i18n._(group.title)} className="admin-info__group">
          <h2 className="section-title">{i18n._(group.title)}</h2>
          {group.names.map((name) => (
            <SettingRow key={name} name={name} value={String(current[name])} onSaved={setInfo} />
          ))}
        </section>
      ))}
    </div>
  );
}

function SettingRow({
  name,
  value,
  onSaved,
}: {
  name: AppSettingName;
  value: string;
  onSaved: (info: AppInfo) => void;
}) {
  const { t, i18n } = useLingui();
  const def: SettingDef = appSettingDefs[name];
  const [draft, setDraft] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  const { run, pending } = useCall();
  const confirm = useConfirm();
  const lock = useAdminLock();
  const label = i18n._(settingLabels[name]);
  const locked = isLockedSetting(name);
  const id = `setting-${name}`;
  const choiceText = (v: string) => {
    const m = choiceLabels[`${name}:${v}`];
    return m ? i18n._(m) : v;
  };
  const problemText = (): string =>
    def.kind === 'int'
      ? t`Enter a whole number from ${def.min} to ${def.max}.`
      : def.kind === 'text' && draft.trim().length < def.min
        ? t`Please enter a value.`
        : def.kind === 'text' && draft.trim().length > def.max
          ? t`At most ${def.max} characters.`
          : def.kind === 'text' && def.format === 'url'
            ? t`Enter a web address starting with https://.`
            : t`Enter a version such as 1.2.3.`;

  const save = async () => {
    const why = settingProblem({ name, value: draft });
    setProblem(why);
    if (why) return;
    if (locked) {
      if (!lock.open && !(await lock.unlock())) return;
      const shown = (v: string) => (def.kind === 'choice' ? choiceText(v) : v);
      const from = shown(value);
      const to = shown(draft.trim());
      if (!(await confirm(t`Change ${label} from ${from} to ${to}?`))) return;
    }
    const saved = await run(() => api(updateAppInfoCall, { param_name: name, value: draft }));
    // The server's success message is the save's one toast.
    if (saved) onSaved(saved);
  };

  return (
    <form
      className="field"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id}>
        {label}
        {locked ? ` · ${t`needs the admin lock`}` : ''}
      </label>
      <div className="row">
        <div className="grow">
          {def.kind === 'choice' ? (
            <select id={id} value={draft} onChange={(e) => setDraft(e.target.value)}>
              {def.choices.map((c) => (
                <option key={c} value={c}>
                  {choiceText(c)}
                </option>
              ))}
            </select>
          ) : def.kind === 'int' ? (
            <input
              id={id}
              inputMode="numeric"
              value={draft}
              onChange={(e) => setDraft(e.target.value.replace(/\D/g, ''))}
              aria-describedby={`${id}-hint`}
            />
          ) : def.multiline ? (
            <textarea id={id} rows={5} value={draft} onChange={(e) => setDraft(e.target.value)} />
          ) : (
            <input
              id={id}
              type={def.format === 'url' ? 'url' : 'text'}
              value={draft}
              maxLength={def.max}
              onChange={(e) => setDraft(e.target.value)}
            />
          )}
          {def.kind === 'text' && def.format === 'url' ? (
            <p className="field__hint">{t`Leave empty to hide the link.`}</p>
          ) : null}
        </div>
        <button type="submit" className="button button--small" disabled={pending || draft === value}>
          {t`Save`}
        </button>
      </div>
      {def.kind === 'int' ? (
        <p className="field__hint" id={`${id}-hint`}>
          {t`From ${def.min} to ${def.max}`}
        </p>
      ) : null}
      {problem ? (
        <p className="field__error" role="alert">
          {problemText()}
        </p>
      ) : null}
    </form>
  );
}
