// npm run doctor: what is missing or unsafe for production, without starting the server.
import { diagnose } from './doctor.ts';

const findings = diagnose({ env: process.env, now: new Date() });
const mark = { unsafe: 'UNSAFE', check: 'check ', ok: 'ok    ' } as const;
for (const f of findings) {
  process.stdout.write(`${mark[f.level]}  ${f.what}${f.fix ? `\n          → ${f.fix}` : ''}\n`);
}
const unsafe = findings.filter((f) => f.level === 'unsafe').length;
const checks = findings.filter((f) => f.level === 'check').length;
process.stdout.write(`\n${unsafe} unsafe, ${checks} to check (docs/deploy.md)\n`);
process.exitCode = unsafe > 0 ? 1 : 0;
