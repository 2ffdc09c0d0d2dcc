import type { Logger } from 'pino';

/** Sends the phone-verification code. */
export interface SmsSender {
  sendCode: (args: { to: string; code: string; text: string }) => Promise<void>;
}

/**
 * With no gateway configured, the code goes to the server log as exactly one line,
 * `[sms] to=<digits> code=<code>`, so a person running the demo (or a browser test) can sign in.
 */
export function consoleSmsSender({
  logger,
  write = (line) => process.stdout.write(`${line}\n`),
}: {
  logger?: Logger;
  write?: (line: string) => void;
} = {}): SmsSender & { sent: Array<{ to: string; code: string }> } {
  const sent: Array<{ to: string; code: string }> = [];
  return {
    sent,
    sendCode: async ({ to, code }) => {
      sent.push({ to, code });
      if (logger?.level === 'silent') return;
      write(`[sms] to=${to} code=${code}`);
    },
  };
}
