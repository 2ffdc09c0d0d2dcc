// The info and ads tabs load as one chunk: the same admin opens both (home title, then the ads).
export { AdsScreen } from './AdsScreen.tsx';
export { InfoScreen } from './InfoScreen.tsx';
