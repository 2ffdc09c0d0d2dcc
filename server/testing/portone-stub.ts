import { portonePaymentProvider } from '../adapters/payment/portone.ts';
import { startStubServer } from './stub-server.ts';

/**
 * For tests: a PortOne v1 stand-in on a local port answering `POST /users/getToken` and
 * `GET /payments/{imp_uid}` in the documented shape (docs.iamport.kr REST API), and the client
 * configured for it. `payments` is read at each request: a test changes a payment's status
 * (a virtual account deposited into) by changing its entry.
 */

export const IMP_KEY = 'imp-key';
export const IMP_SECRET = 'imp-secret';

/** A PortOne v1 stand-in answering in the documented shape. */
export async function portoneStub(payments: Record<string, Record<string, unknown>>) {
  let issued = 0;
  return startStubServer((req) => {
    if (req.method === 'POST' && req.url === '/users/getToken') {
      const body = JSON.parse(req.body) as { imp_key: string; imp_secret: string };
      if (body.imp_key !== IMP_KEY || body.imp_secret !== IMP_SECRET) {
        return { status: 401, json: { code: -1, message: '인증에 실패하였습니다.', response: null } };
      }
      issued++;
      return {
        json: {
          code: 0,
          message: null,
          response: { access_token: `token-${issued}`, now: 1_700_000_000, expired_at: 4_102_444_800 },
        },
      };
    }
    const match = /^\/payments\/([^/?]+)$/.exec(req.url);
    if (req.method === 'GET' && match) {
      if (!String(req.headers.authorization ?? '').startsWith('token-')) {
        return { status: 401, json: { code: -1, message: 'Unauthorized', response: null } };
      }
      const payment = payments[decodeURIComponent(match[1] ?? '')];
      if (!payment)
        return { status: 404, json: { code: 1, message: '존재하지 않는 결제정보입니다.', response: null } };
      return { json: { code: 0, message: null, response: payment } };
    }
    return { status: 404, json: { code: 1, message: 'not found', response: null } };
  });
}

export const portone = (url: string) =>
  portonePaymentProvider({
    apiUrl: url,
    impKey: IMP_KEY,
    impSecret: IMP_SECRET,
    impCode: 'imp12345678',
    channelKey: 'channel-key-1',
  });
