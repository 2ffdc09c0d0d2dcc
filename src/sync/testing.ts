import Dexie from 'dexie';
import { Headers } from '../../sync/codes.ts';
import { NetworkError } from '../api/client.ts';
import { LocalDb } from '../db/db.ts';
import { SyncEngine, type SyncEnvironment } from './engine.ts';
import { createFetchTransport, type SyncTransport } from './transport.ts';

/**
 * Test support: an engine on a fresh fake-indexeddb store talking to a server app in the
 * same process (or a real server over HTTP), with a switch to cut the network and a way
 * to lose the server's answer after it did the work.
 */

export interface TestNetwork {
  online: boolean;
  /** The next n requests reach the server but their answers are lost. */
  dropAnswers: number;
  requests: string[];
}

/** The device id test engines send unless told otherwise: the test fixtures' default device. */
export const TEST_DEVICE_ID = 'test-device';

export function networkTransport({
  fetchImpl,
  baseUrl = '',
  token,
  deviceId = TEST_DEVICE_ID,
  network,
  lang = 'en',
  answerIdleMs,
}: {
  fetchImpl: (input: string, init: RequestInit) => Response | Promise<Response>;
  baseUrl?: string;
  token: () => string;
  /** The device the token was issued to: a token works only from it. */
  deviceId?: string;
  network: TestNetwork;
  lang?: 'ko' | 'en';
  /** How long an answer may keep silent before the request fails (src/api/answer-deadline.ts). */
  answerIdleMs?: number;
}): SyncTransport {
  return createFetchTransport({
    baseUrl,
    ...(answerIdleMs !== undefined ? { answerIdleMs } : {}),
    headers: () => ({
      [Headers.accessToken]: token(),
      [Headers.deviceId]: deviceId,
      'accept-language': lang,
    }),
    fetchImpl: async (input, init) => {
      network.requests.push(input);
      if (!network.online) throw new NetworkError();
      const response = await fetchImpl(input, init);
      if (network.dropAnswers > 0) {
        network.dropAnswers--;
        throw new NetworkError();
      }
      return response;
    },
  });
}

let counter = 0;

/** A fresh, empty device store. */
export function freshDb(): LocalDb {
  return new LocalDb(`engine-test-${process.pid}-${Date.now()}-${counter++}`);
}

export async function dropDb(db: LocalDb): Promise<void> {
  db.close();
  await Dexie.delete(db.name);
}

export function createTestEngine({
  fetchImpl,
  baseUrl,
  token,
  deviceId,
  db = freshDb(),
  env,
  protocolVersion,
  batchSize,
  pullLimit,
}: {
  fetchImpl: (input: string, init: RequestInit) => Response | Promise<Response>;
  baseUrl?: string;
  token: string;
  deviceId?: string;
  db?: LocalDb;
  env?: SyncEnvironment;
  protocolVersion?: number;
  batchSize?: number;
  pullLimit?: number;
}): { engine: SyncEngine; network: TestNetwork; db: LocalDb } {
  const network: TestNetwork = { online: true, dropAnswers: 0, requests: [] };
  const transport = networkTransport({
    fetchImpl,
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    token: () => token,
    ...(deviceId !== undefined ? { deviceId } : {}),
    network,
  });
  const engine = new SyncEngine({
    db,
    transport,
    ...(env ? { env } : {}),
    ...(protocolVersion !== undefined ? { protocolVersion } : {}),
    ...(batchSize !== undefined ? { batchSize } : {}),
    ...(pullLimit !== undefined ? { pullLimit } : {}),
  });
  return { engine, network, db };
}
