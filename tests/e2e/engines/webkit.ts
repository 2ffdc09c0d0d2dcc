import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Builder, By, error, until, type WebDriver } from 'selenium-webdriver';
import type { EngineDriver } from './journey.ts';
import type { NetnsNetwork } from './netns.ts';

/** WebKitGTK's driver and browser (`apt-get install webkit2gtk-driver`), and the display they need. */
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER =
  process.env.WEBKIT_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** The driver's port inside the journey's own network namespace: no one else listens there. */
const DRIVER_PORT = 4444;

/** A virtual display (Xvfb picks a free number and tells it on a pipe): MiniBrowser has no headless mode. */
async function startDisplay(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1024x900x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const fd = xvfb.stdio[3];
  if (!fd) throw new Error('Xvfb has no display pipe');
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    fd.on('data', (d) => {
      text += d;
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
  return { display, process: xvfb };
}

/** Waits until the driver answers its status: it has started listening. */
async function driverReady(url: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('WebKitWebDriver did not start');
}

/** Retries an action on an element React replaced between finding and acting on it. */
async function onFresh(
  driver: WebDriver,
  find: () => ReturnType<WebDriver['findElement']>,
  act: (e: Awaited<ReturnType<WebDriver['findElement']>>) => Promise<void>,
) {
  for (let attempt = 0; ; attempt++) {
    const element = await find();
    try {
      await driver.wait(until.elementIsVisible(element), 30_000);
      await act(element);
      return;
    } catch (err) {
      if (!(err instanceof error.StaleElementReferenceError) || attempt >= 5) throw err;
    }
  }
}

/** WebKitGTK's MiniBrowser through WebKitWebDriver (WebDriver classic), on a fresh, ephemeral profile. */
export async function openWebKit(
  network: NetnsNetwork,
): Promise<{ driver: EngineDriver; close(): Promise<void> }> {
  const screen = await startDisplay();
  const webDriver = spawn(WEBKIT_DRIVER, [`--port=${DRIVER_PORT}`], {
    env: { ...process.env, DISPLAY: screen.display },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${DRIVER_PORT}`;
  const stop = () => {
    webDriver.kill();
    screen.process.kill();
  };
  let session: WebDriver;
  try {
    await driverReady(url);
    session = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    await session.manage().window().setRect({ width: 390, height: 844 });
  } catch (err) {
    stop();
    throw err;
  }
  const find = (xpath: string) => () => session.wait(until.elementLocated(By.xpath(xpath)), 30_000);
  const driver: EngineDriver = {
    async goto(to) {
      await session.get(`${network.origin}${to}`);
    },
    click: (xpath) => onFresh(session, find(xpath), (e) => e.click()),
    type: (css, text) =>
      onFresh(
        session,
        () => session.wait(until.elementLocated(By.css(css)), 30_000),
        (e) => e.sendKeys(text),
      ),
    run<T>(body: string) {
      // WebDriver's Execute Script waits for a returned promise.
      return session.executeScript(`return (async () => { ${body} })();`) as Promise<T>;
    },
    setOnline: (online) => network.setOnline(online),
    async screenshot(file) {
      writeFileSync(file, await session.takeScreenshot(), 'base64');
    },
  };
  return {
    driver,
    async close() {
      await session.quit().catch(() => {});
      stop();
    },
  };
}
