/**
 * The SMS code the console sender logged for `phone` (the line the README and e2e helpers read),
 * from the server process's stdout lines (tests/support/server-process.ts `lines`). Only a code
 * logged after `after` lines counts, so a second sign-in does not read the first one's code.
 */
export async function smsCode({
  lines,
  phone,
  after = 0,
}: {
  lines: string[];
  phone: string;
  after?: number;
}): Promise<string> {
  const pattern = new RegExp(`^\\[sms\\] to=${phone} code=(\\d{6})$`);
  for (let i = 0; i < 300; i++) {
    const code = lines
      .slice(after)
      .map((l) => pattern.exec(l)?.[1])
      .findLast((c) => c !== undefined);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code logged for ${phone}`);
}
