import pino, { type Logger } from 'pino';

export function createLogger({ level }: { level: string }): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers["x-access-token"]', 'code', 'token'], remove: true },
  });
}
