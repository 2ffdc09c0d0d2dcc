import { Trans, useLingui } from '@lingui/react/macro';

/** Keyword box, reset and the filter button (spec §2 Map). */
export function KeywordBar({
  value,
  onChange,
  onSearch,
  onReset,
  onFilter,
  activeFilters,
}: {
  value: string;
  onChange: (text: string) => void;
  onSearch: () => void;
  onReset: () => void;
  onFilter: () => void;
  activeFilters: number;
}) {
  const { t } = useLingui();
  return (
    <search className="keyword-bar">
      <form
        className="search-box"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch();
        }}
      >
        <input
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={t`Name or address`}
          aria-label={t`Keyword`}
        />
        <button type="submit" className="button button--primary">
          <Trans>Search</Trans>
        </button>
      </form>
      <button type="button" className="button button--small" onClick={onReset}>
        <Trans>Reset</Trans>
      </button>
      <button type="button" className="button button--small" onClick={onFilter}>
        {activeFilters > 0 ? t`Filter (${activeFilters})` : t`Filter`}
      </button>
    </search>
  );
}
