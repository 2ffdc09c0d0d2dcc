import { decodePull, PROTOCOL_VERSION, type PullWire } from '../../../sync/protocol.ts';
import { lastSmsCode, waitForSmsCode } from '../support.ts';

/**
 * What the offline journey needs of a browser engine, so the same journey runs on every engine
 * whatever drives it (WebDriver BiDi for Firefox, WebDriver classic for WebKitGTK).
 */
export interface EngineDriver {
  /** A full page load of a path of the app (never a client-side navigation). */
  goto(path: string): Promise<void>;
  /** Clicks the element an XPath finds, once it is shown. */
  click(xpath: string): Promise<void>;
  /** Types into the field a CSS selector finds, as keystrokes. */
  type(css: string, text: string): Promise<void>;
  /** Runs a function body in the page (it may `return` a promise) and answers its JSON result. */
  run<T>(body: string): Promise<T>;
  /** Takes the device's network away, or gives it back. */
  setOnline(online: boolean): Promise<void>;
  /** A picture of the page, for a failure's report. */
  screenshot(file: string): Promise<void>;
}

const WAIT_MS = 30_000;

/** Polls a predicate in the page until it holds: a wait for a state, never a fixed pause. */
export async function waitInPage({
  driver,
  predicate,
  what,
  timeoutMs = WAIT_MS,
}: {
  driver: EngineDriver;
  predicate: string;
  what: string;
  timeoutMs?: number;
}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      if (await driver.run<boolean>(`return Boolean(${predicate});`)) return;
    } catch (err) {
      // A page between two loads has no document to ask: ask again.
      last = err;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const shown = await driver.run<string>('return document.body ? document.body.innerText.slice(0, 600) : ""');
  throw new Error(
    `timed out waiting for ${what}; page shows: ${shown}${last ? `; last error: ${last}` : ''}`,
  );
}

/** Text of an XPath literal (the journey's texts hold no quotes). */
const button = (text: string) => `//button[normalize-space(.)='${text}']`;
const indicator = `(document.querySelector('[data-testid="sync-indicator"]')?.textContent ?? '')`;

/**
 * The whole offline journey of an agent, as a person does it on a phone: sign in with a code,
 * the first sync, the network goes, the installed app is opened again, the agent's own sites are
 * read from the device, a memo is written and queued, a reload loses nothing, the network comes
 * back and the memo reaches the server. Neither engine has Background Sync: the app sends the
 * queue itself when the connection returns.
 */
export async function offlineJourney({
  driver,
  phone,
  serverUrl,
}: {
  driver: EngineDriver;
  phone: string;
  /** The server as this process reaches it, for the check behind the app's back. */
  serverUrl: string;
}): Promise<void> {
  // Sign in through the login screen with the code the console SMS sender logged.
  await driver.goto('/Login');
  await waitInPage({ driver, predicate: `document.querySelector('#login-phone')`, what: 'the login form' });
  await driver.type('#login-phone', phone);
  const before = lastSmsCode(phone);
  await driver.click(button('인증번호 받기'));
  await driver.type('#login-code', await waitForSmsCode(phone, before));
  await driver.click(`//form//button[@type='submit' and normalize-space(.)='로그인']`);
  await waitInPage({ driver, predicate: `location.pathname === '/Home'`, what: 'home after signing in' });

  // The first sync fills the device, and the service worker has the app for offline use.
  await waitInPage({ driver, predicate: `${indicator}.includes('동기화됨')`, what: 'the first sync' });
  await waitInPage({
    driver,
    predicate: `navigator.serviceWorker && navigator.serviceWorker.controller`,
    what: 'the service worker in control',
  });
  const ownIdxs = await driver.run<number[]>(`
    const uid = Number(localStorage.getItem('bt.uid'));
    const sites = await window.__bunyangSync.db.sites.toArray();
    return sites.filter((s) => s.f_user_idx === uid).map((s) => s.f_idx);`);
  if (ownIdxs.length === 0)
    throw new Error(`the agent ${phone} has no own site on the device after the first sync`);

  // The network goes; the installed app is opened again and comes from the service worker.
  await driver.setOnline(false);
  await driver.goto('/');
  await waitInPage({ driver, predicate: `location.pathname === '/Home'`, what: 'home opened offline' });
  await waitInPage({ driver, predicate: `${indicator} === '오프라인'`, what: 'the offline indicator' });

  // The agent's own sites, read from the device.
  await driver.click(`//a[normalize-space(.)='내 매물']`);
  await waitInPage({
    driver,
    predicate: `document.querySelector('li.site-item')`,
    what: 'the own sites listed offline',
  });
  const site = await driver.run<{ idx: number; name: string }>(`
    const row = document.querySelector('li.site-item');
    return { idx: Number(row.dataset.siteIdx), name: row.querySelector('.site-item__name').textContent };`);
  if (!ownIdxs.includes(site.idx))
    throw new Error(`내 매물 lists ${site.name} (${site.idx}), not an own site`);
  await driver.click(`(//li[contains(@class,'site-item')])[1]//button[contains(@class,'site-item__main')]`);
  await waitInPage({
    driver,
    predicate: `location.pathname === '/SiteDetail' && location.search.includes('site_idx=${site.idx}') && document.body.innerText.includes(${JSON.stringify(site.name)})`,
    what: 'the site detail offline',
  });

  // A memo written offline waits in the outbox, and a reload loses nothing.
  const memo = `오프라인 메모 ${Date.now()}`;
  await driver.click(button('메모 수정'));
  await driver.type('textarea[aria-label="메모"]', memo);
  await driver.click(button('메모 저장'));
  await waitInPage({ driver, predicate: `${indicator} === '오프라인 · 대기 1건'`, what: 'the queued memo' });
  await driver.goto(`/SiteDetail?site_idx=${site.idx}`);
  await waitInPage({
    driver,
    predicate: `document.querySelector('[data-testid="memo-text"]')?.textContent === ${JSON.stringify(memo)}`,
    what: 'the memo after an offline reload',
  });
  await waitInPage({
    driver,
    predicate: `${indicator} === '오프라인 · 대기 1건'`,
    what: 'the queue after a reload',
  });

  // The network comes back: the app sends the queue by itself and the server has the memo.
  await driver.setOnline(true);
  await waitInPage({
    driver,
    predicate: `${indicator}.includes('동기화됨')`,
    what: 'the sync after coming back',
  });
  const session = await driver.run<{ token: string; device: string }>(
    `return { token: localStorage.getItem('bt.token'), device: localStorage.getItem('bt.deviceId') };`,
  );
  const stored = await serverMemo({ serverUrl, ...session, siteIdx: site.idx });
  if (stored !== memo) throw new Error(`the server has memo ${JSON.stringify(stored)}, expected ${memo}`);
}

/** The member's memo on a site as the server has it, read through a fresh pull of every page. */
async function serverMemo({
  serverUrl,
  token,
  device,
  siteIdx,
}: {
  serverUrl: string;
  token: string;
  device: string;
  siteIdx: number;
}): Promise<string | undefined> {
  const clientId = `engine-check-${Date.now()}`;
  let cursor: string | null = null;
  let memo: string | undefined;
  for (let page = 0; page < 100; page++) {
    const res = await fetch(`${serverUrl}/api/v1/sync/pull`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': token, 'x-device-id': device },
      body: JSON.stringify({ protocol_version: PROTOCOL_VERSION, client_id: clientId, cursor, limit: 2000 }),
    });
    const pulled = decodePull(((await res.json()) as { data: PullWire }).data);
    for (const c of pulled.changes) {
      if (c.t === 'memo' && c.key === siteIdx) memo = c.op === 'put' ? c.row.f_memo : undefined;
    }
    if (!pulled.more) return memo;
    cursor = pulled.cursor;
  }
  throw new Error('the pull did not end within 100 pages');
}
