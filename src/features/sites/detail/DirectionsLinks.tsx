import { useLingui } from '@lingui/react/macro';
import { type Destination, type DirectionsApp, directionsUrl } from './directions.ts';

/**
 * Spec §7 External navigation link: the route to the site in Kakao Map, Naver Map or T map. Each
 * opens outside the app (the map app when installed; Kakao's link falls back to its web map).
 */
export function DirectionsLinks({ to }: { to: Destination }) {
  const { t } = useLingui();
  const apps: Array<[DirectionsApp, string]> = [
    ['kakao', t`KakaoMap`],
    ['naver', t`Naver Map`],
    ['tmap', t`T map`],
  ];
  const appName = window.location.hostname;
  return (
    <nav className="directions" aria-label={t`Directions`} data-testid="directions">
      <span className="directions__label" aria-hidden="true">
        {t`Directions`}
      </span>
      {apps.map(([app, label]) => {
        const href = directionsUrl({ app, to, appName });
        const web = href.startsWith('https:');
        return (
          <a
            key={app}
            className="button button--small"
            href={href}
            data-app={app}
            {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {label}
          </a>
        );
      })}
    </nav>
  );
}
