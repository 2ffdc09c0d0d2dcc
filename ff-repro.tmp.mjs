import puppeteer from 'puppeteer-core';

const delay = Number(process.argv[2] ?? 1500);
const browser = await puppeteer.launch({
  browser: 'firefox',
  executablePath: '/usr/bin/firefox-esr',
  headless: true,
  userDataDir: '/tmp/s5/ffprof-' + Date.now(),
});
const page = await browser.newPage();
await page.goto('http://localhost:8330/');
await new Promise((r) => setTimeout(r, delay));
const state = await page.evaluate(async () => {
  const r = await navigator.serviceWorker.getRegistration();
  return { installing: r?.installing?.state, waiting: r?.waiting?.state, active: r?.active?.state };
});
console.log('before /Login', state);
await page.goto('http://localhost:8330/Login', { waitUntil: 'load' });
await page.evaluate(() => {
  window.__log = [];
  navigator.serviceWorker
    .getRegistration()
    .then(
      (r) =>
        r &&
        window.__log.push(
          JSON.stringify({ i: r.installing?.state, w: r.waiting?.state, a: r.active?.state }),
        ),
    );
});
for (let i = 0; i < 10; i++) {
  await new Promise((r) => setTimeout(r, 500));
  const s = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return [
      document.body.innerText.includes('새 버전이 있습니다'),
      !!navigator.serviceWorker.controller,
      r?.installing?.state,
      r?.waiting?.state,
      r?.active?.state,
    ];
  });
  console.log(i, JSON.stringify(s));
}
await browser.close();
