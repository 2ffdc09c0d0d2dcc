import { readFileSync } from 'node:fs';

/** The server log of the process Playwright started (playwright.config.ts tees it). */
export function serverLog(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  return readFileSync(`${dir}/server.log`, 'utf8');
}

/** The last SMS code the console SMS sender logged for a phone (`[sms] to=<digits> code=<code>`). */
export function lastSmsCode(phone: string): string | null {
  const matches = [...serverLog().matchAll(new RegExp(`\\[sms\\] to=${phone} code=(\\d{6})`, 'g'))];
  return matches.at(-1)?.[1] ?? null;
}
