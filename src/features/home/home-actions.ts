// What the home loads on first use, as one chunk: the ad popup and what a tap on an ad or the logo opens.
export { showAds } from './ads/AdPopup.tsx';
export { openConnect } from './connect.tsx';
