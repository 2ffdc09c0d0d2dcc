/**
 * One engine's offline journey, run by runInNetns in a network namespace of its own:
 * `node --import tsx tests/e2e/engines/journey-main.ts <firefox|webkit> <phone> <screenshot file>`.
 * Exits 0 when the journey held, 1 with the reason (and a picture of the page) otherwise.
 */
import { openFirefox } from './firefox.ts';
import { offlineJourney } from './journey.ts';
import { netnsNetwork } from './netns.ts';
import { openWebKit } from './webkit.ts';

const [engine, phone, screenshot] = process.argv.slice(2);
if ((engine !== 'firefox' && engine !== 'webkit') || !phone || !screenshot) {
  throw new Error('usage: journey-main.ts <firefox|webkit> <phone> <screenshot file>');
}
const network = await netnsNetwork();
const browser = engine === 'firefox' ? await openFirefox(network) : await openWebKit(network);
try {
  const started = Date.now();
  await offlineJourney({ driver: browser.driver, phone, serverUrl: network.origin });
  console.log(`${engine}: the offline journey held (${Math.round((Date.now() - started) / 1000)} s)`);
} catch (err) {
  console.error(`${engine}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  await browser.driver.screenshot(screenshot).catch(() => {});
  process.exitCode = 1;
} finally {
  await browser.close();
  await network.close();
}
