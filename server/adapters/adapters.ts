import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { nhnSmsSender } from './sms/nhn-sms.ts';
import { consoleSmsSender, type SmsSender } from './sms/sms.ts';
import { type FileStorage, localDiskStorage } from './storage.ts';

/**
 * Every outside service the server talks to, each behind one interface with a real
 * client (configured by env vars) and a local default that works with no network.
 */
export interface Adapters {
  storage: FileStorage;
  sms: SmsSender;
}

export function createAdapters({ config, logger }: { config: Config; logger?: Logger }): Adapters {
  const { sms } = config;
  return {
    storage: localDiskStorage({ dir: config.uploadsDir }),
    sms:
      sms.provider === 'nhn'
        ? nhnSmsSender({
            baseUrl: sms.baseUrl,
            appKey: sms.appKey,
            secretKey: sms.secretKey,
            sendNo: sms.sender,
          })
        : consoleSmsSender(logger ? { logger } : {}),
  };
}
