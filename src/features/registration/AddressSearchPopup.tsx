import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { type AddressResult, findAddressCall } from '../../../sync/api/address.api.ts';
import { ApiError, api, NetworkError } from '../../api/client.ts';
import { useModal } from '../../ui/modal.tsx';

/** What the popup answers: a found address with its parts, or the text as typed (offline, or not found). */
export type AddressPick = { kind: 'found'; address: AddressResult } | { kind: 'typed'; text: string };

function AddressSearchBody({
  initial,
  onPick,
}: {
  initial: string;
  onPick: (pick: AddressPick | null) => void;
}) {
  const { t } = useLingui();
  const [query, setQuery] = useState(initial);
  const [list, setList] = useState<AddressResult[] | null>(null);
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
      const found = (await api(findAddressCall, { query: query.trim() })).list;
      setList(found);
      if (found.length === 0) setProblem(t`No search result.`);
    } catch (err) {
      setList([]);
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
      <h2 className="modal__title">
        <Trans>Address search</Trans>
      </h2>
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
      {list && list.length > 0 ? (
        <ul className="list reg-address-list" aria-label={t`Addresses found`}>
          {list.map((a) => (
            <li key={`${a.b_code}-${a.main_address_no}-${a.sub_address_no}-${a.address_name}`}>
              <button
                type="button"
                className="reg-address"
                onClick={() => onPick({ kind: 'found', address: a })}
              >
                <strong>{a.address_name}</strong>
                {a.road_address ? <span className="muted">{a.road_address}</span> : null}
                {a.precision === 'approximate' ? (
                  <span className="muted" data-testid="area-only">
                    <Trans>An area, not a lot: no lot number</Trans>
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={() => onPick(null)}>
          <Trans>Cancel</Trans>
        </button>
        {list !== null && query.trim() ? (
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

/**
 * The address search popup (spec §2): a query, the list found (spec §7 findAddress), and a
 * pick. Resolves once the popup has closed, so the caller may navigate right away.
 */
export function useAddressSearch() {
  const modal = useModal();
  return useCallback(
    (initial: string) =>
      new Promise<AddressPick | null>((resolve) => {
        let picked: AddressPick | null = null;
        modal.open(
          (close) => (
            <AddressSearchBody
              initial={initial}
              onPick={(pick) => {
                picked = pick;
                close();
              }}
            />
          ),
          () => resolve(picked),
        );
      }),
    [modal],
  );
}
