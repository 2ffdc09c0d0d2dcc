import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatArea } from '../../lib/format.ts';

/**
 * The area selection popup (spec §2 Site detail): the exclusive area types of the sample
 * transactions, each with its number of trades; choosing one (or all) closes the popup.
 */
export function AreaSelectPopup({
  choices,
  chosen,
  onChoose,
  close,
}: {
  choices: Array<{ area: number; count: number }>;
  chosen: number | null;
  onChoose: (area: number | null) => void;
  close: () => void;
}) {
  const { t } = useLingui();
  const total = choices.reduce((n, c) => n + c.count, 0);
  const pick = (area: number | null) => {
    onChoose(area);
    close();
  };
  return (
    <div className="area-select" data-testid="area-select">
      <h2 className="modal__title">
        <Trans>Choose an area</Trans>
      </h2>
      <p className="lookup-note">
        <span className="badge badge--warn" data-testid="sample-data">
          <Trans>Sample data</Trans>
        </span>
      </p>
      <ul className="area-select__list">
        <li>
          <button
            type="button"
            className="area-select__row"
            aria-pressed={chosen === null}
            onClick={() => pick(null)}
          >
            <span>{t`All areas`}</span>
            <span className="muted">
              <Plural value={total} one="# trade" other="# trades" />
            </span>
          </button>
        </li>
        {choices.map(({ area, count }) => (
          <li key={area}>
            <button
              type="button"
              className="area-select__row"
              aria-pressed={chosen === area}
              onClick={() => pick(area)}
            >
              <span>{formatArea(area)}</span>
              <span className="muted">
                <Plural value={count} one="# trade" other="# trades" />
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
      </div>
    </div>
  );
}
