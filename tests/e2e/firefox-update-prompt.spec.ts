import { expect, test } from '@playwright/test';
import { openFirefox } from './engines/firefox.ts';
import { waitInPage } from './engines/journey.ts';
import { deployNewServiceWorker } from './support.ts';

const origin = `http://localhost:${process.env.E2E_PORT}`;
const PROMPT = '새 버전이 있습니다.';
const registration = 'await navigator.serviceWorker.getRegistration()';

test('on Firefox ESR a first visit never offers an update, and a real one reloads into the new version', async () => {
  test.setTimeout(120_000);
  const firefox = await openFirefox({
    origin,
    setOnline: () => Promise.reject(new Error('this test stays online')),
  });
  const { driver } = firefox;
  let undeploy = (): void => {};
  try {
    // A fresh profile opens `/`; `/Login` loads fully while the first worker is still installing.
    await driver.goto('/');
    await waitInPage({
      driver,
      predicate: `(${registration})?.installing`,
      what: 'the first worker installing',
    });
    await driver.goto('/Login');
    await waitInPage({
      driver,
      predicate: `navigator.serviceWorker.controller && (${registration})?.active?.state === 'activated'`,
      what: 'the first worker in control',
    });
    // An absence is seen over time: the old prompt came within milliseconds of the worker's activation.
    const prompted = await driver.run<boolean>(`
      const end = performance.now() + 2000;
      while (performance.now() < end) {
        if (document.body.innerText.includes(${JSON.stringify(PROMPT)})) return true;
        await new Promise((r) => setTimeout(r, 50));
      }
      return false;`);
    expect(prompted, 'a first visit showed the update prompt').toBe(false);

    // A new deploy: the worker script changes on the server, and the browser finds it.
    undeploy = deployNewServiceWorker();
    await driver.run(`await (${registration}).update();`);
    await waitInPage({
      driver,
      predicate: `document.body.innerText.includes(${JSON.stringify(PROMPT)})`,
      what: 'the prompt',
    });
    await driver.run('window.__beforeUpdate = true;');
    await driver.click(`//div[@role='alert']//button[normalize-space(.)='업데이트']`);
    // The page reloads (a new document) under the new worker, and nothing waits any more.
    await waitInPage({
      driver,
      predicate: `!window.__beforeUpdate && document.readyState === 'complete' && navigator.serviceWorker.controller`,
      what: 'the reload into the new version',
    });
    await waitInPage({
      driver,
      predicate: `!(${registration}).waiting && !document.body.innerText.includes(${JSON.stringify(PROMPT)})`,
      what: 'no update waiting after the reload',
    });
  } finally {
    undeploy();
    await firefox.close();
  }
});
