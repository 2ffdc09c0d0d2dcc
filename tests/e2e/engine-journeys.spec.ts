import { expect, test } from '@playwright/test';
import { runInNetns } from './engines/netns.ts';

const serverPort = Number(process.env.E2E_PORT);

/**
 * The offline journey on the engines besides Chromium (tests/e2e/engines/journey.ts): each in a
 * network namespace of its own where the test takes the network away as a phone loses it.
 */
for (const { engine, name, phone } of [
  { engine: 'firefox', name: 'Firefox ESR', phone: '01020000006' },
  { engine: 'webkit', name: 'WebKitGTK', phone: '01020000004' },
]) {
  test(`on ${name} an agent signs in, reads own sites in the app reopened offline, queues a memo, and it reaches the server when the network returns`, async () => {
    test.setTimeout(180_000);
    const testInfo = test.info();
    const run = await runInNetns({
      script: 'tests/e2e/engines/journey-main.ts',
      args: [engine, phone, testInfo.outputPath(`${engine}-failure.png`)],
      serverPort,
      timeoutMs: 170_000,
    });
    expect(run.output).toContain(`${engine}: the offline journey held`);
    expect(run.code).toBe(0);
  });
}
