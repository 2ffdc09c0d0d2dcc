import { ResultCode } from '../../sync/codes.ts';
import type { AppDeps } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import { pingDatabase } from '../system/system.repository.ts';
import type { LifeState } from './lifecycle.ts';
import { metrics } from './metrics.ts';
import { opsMessages } from './ops.messages.ts';

/** 503 naming the state (`data.reason`), for the health and readiness answers. */
export function notReady(state: LifeState): AppError {
  return new AppError({
    code: ResultCode.apiError,
    status: 503,
    msg: opsMessages.restarting,
    data: { reason: state },
  });
}

/** Resolves when the database answers a query; a 503 (`data.reason` database) when it does not. */
export async function databaseAnswers({ db, logger }: Pick<AppDeps, 'db' | 'logger'>): Promise<void> {
  try {
    await pingDatabase({ db });
  } catch (err) {
    metrics.busy(err);
    logger.error({ err }, 'health check: the database does not answer');
    throw new AppError({
      code: ResultCode.apiError,
      status: 503,
      msg: opsMessages.databaseDown,
      data: { reason: 'database' },
    });
  }
}
