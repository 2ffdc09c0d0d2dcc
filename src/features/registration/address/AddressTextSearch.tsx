import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type AddressResult, type AddressSource, findAddressCall } from '../../../../sync/api/address.api.ts';
import { ApiError, api, NetworkError } from '../../../api/client.ts';
import { AddressRow } from './AddressRow.tsx';
import type { AddressPick } from './address-pick.ts';
import { SampleBadge } from './SampleBadge.tsx';

/** The quick search (spec §7 findAddress): a lot or road address, a 동 or a building. */
export function AddressTextSearch({
  initial,
  onPick,
}: {
  initial: string;
  onPick: (pick: AddressPick | null) => void;
}) {
  const { t } = useLingui();
  const [query, setQuery] = useState(initial);
  const [found, setFound] = useState<{ list: AddressResult[]; source: AddressSource | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async () => {
    if (query.trim().length < 2) {
      setProblem(t`Please type at least 2 characters.`);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api(findAddressCall, { query: query.trim() });
      setFound(answer);
      if (answer.list.length === 0) setProblem(t`No search result.`);
    } catch (err) {
      // The typed text can still be used: the list is there, empty.
      setFound({ list: [], source: null });
      setProblem(
        err instanceof NetworkError
          ? t`Address search needs a connection. You can use the address as typed.`
          : err instanceof ApiError
            ? err.message
            : t`An unexpected error occurred. Please restart the app.`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        void search();
      }}
    >
      <div className="row">
        <input
          className="input grow"
          aria-label={t`Address to search`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoFocus
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          <Trans>Search</Trans>
        </button>
      </div>
      {problem ? <p className="muted">{problem}</p> : null}
      {found && found.list.length > 0 ? (
        <>
          {found.source === 'sample' ? (
            <p className="muted">
              <SampleBadge source={found.source} />
            </p>
          ) : null}
          <ul className="list reg-address-list" aria-label={t`Addresses found`}>
            {found.list.map((a) => (
              <AddressRow
                key={`${a.b_code}-${a.main_address_no}-${a.sub_address_no}-${a.address_name}`}
                address={a}
                onPick={() => onPick({ kind: 'found', address: a })}
              />
            ))}
          </ul>
        </>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={() => onPick(null)}>
          <Trans>Cancel</Trans>
        </button>
        {found !== null && query.trim() ? (
          <button
            type="button"
            className="button"
            onClick={() => onPick({ kind: 'typed', text: query.trim() })}
          >
            <Trans>Use as typed</Trans>
          </button>
        ) : null}
      </div>
    </form>
  );
}
