import { useLingui } from '@lingui/react/macro';

const RADII_KM = [0.3, 0.5, 1, 2, 3, 5] as const;

/** The radius tool: tap the map for the centre, pick the radius (spec §9: 0.3 km by default). */
export function RadiusPanel({
  radius,
  onKm,
}: {
  radius: { lat: number; lng: number; km: number } | null;
  onKm: (km: number) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="map-hint" role="status">
      {radius ? (
        <label>
          {t`Radius`}{' '}
          <select value={radius.km} onChange={(e) => onKm(Number(e.target.value))}>
            {RADII_KM.map((km) => (
              <option key={km} value={km}>
                {km < 1 ? t`${km * 1000} m` : t`${km} km`}
              </option>
            ))}
          </select>
        </label>
      ) : (
        t`Tap the map where the circle should be centred.`
      )}
    </div>
  );
}
