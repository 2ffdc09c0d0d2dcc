import type { PaymentProvider, ProviderPayment } from './payment.ts';

interface PortoneEnvelope<T> {
  code: number;
  message: string | null;
  response: T | null;
}

/** PortOne marks a payment that does not exist with HTTP 404 (and code 1 in the body). */
class PortoneError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PortoneError';
  }
}

const STATUSES = new Set(['ready', 'paid', 'cancelled', 'failed']);

/**
 * PortOne (iamport) v1 REST, the documented shape:
 * - `POST {api}/users/getToken` with `{imp_key, imp_secret}` →
 *   `{code: 0, response: {access_token, now, expired_at}}` (expired_at in unix seconds);
 * - `GET {api}/payments/{imp_uid}` with header `Authorization: <access_token>` →
 *   `{code: 0, response: {imp_uid, merchant_uid, amount, status, fail_reason, ...}}`;
 *   an unknown imp_uid answers 404.
 *   a virtual account (`pay_method: 'vbank'`) answers `status: 'ready'` once issued, with
 *   `vbank_name`, `vbank_num`, `vbank_holder` and `vbank_date` (unix seconds, 0 for none);
 * - the webhook ("Notification URL") posts `{imp_uid, merchant_uid, status}` on a payment, an
 *   issued virtual account and a deposit into it: only a hint, verified with the call above.
 * The browser side loads `https://cdn.iamport.kr/v1/iamport.js` and calls
 * `IMP.init(impCode)` then `IMP.request_pay({channelKey, pay_method, merchant_uid, ...})` with
 * pay_method `card`, `trans` or `vbank`.
 */
export function portonePaymentProvider({
  apiUrl,
  impKey,
  impSecret,
  impCode,
  channelKey,
  fetchImpl = fetch,
  timeoutMs = 10_000,
  now = () => Date.now(),
}: {
  apiUrl: string;
  impKey: string;
  impSecret: string;
  impCode: string;
  channelKey: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}): PaymentProvider {
  const base = apiUrl.replace(/\/$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function request<T>(path: string, init: RequestInit): Promise<T> {
    const res = await fetchImpl(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    let body: PortoneEnvelope<T> | null = null;
    try {
      body = (await res.json()) as PortoneEnvelope<T>;
    } catch {
      body = null;
    }
    if (!res.ok || !body || body.code !== 0 || body.response === null) {
      throw new PortoneError(
        `PortOne ${init.method} ${path.replace(/\/payments\/.*/, '/payments/…')} failed: HTTP ${res.status} ${body?.code ?? ''} ${body?.message ?? ''}`.trim(),
        res.status,
      );
    }
    return body.response;
  }

  async function accessToken(): Promise<string> {
    // Reuse the token until a minute before it expires, as PortOne asks.
    if (token && token.expiresAt - 60_000 > now()) return token.value;
    const res = await request<{ access_token: string; expired_at: number }>('/users/getToken', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imp_key: impKey, imp_secret: impSecret }),
    });
    token = { value: res.access_token, expiresAt: res.expired_at * 1000 };
    return token.value;
  }

  return {
    kind: 'portone',
    widget: { checkoutUrl: null, impCode, channelKey },
    csp: {
      scriptSrc: ['https://cdn.iamport.kr'],
      // The card companies' and PG windows open in frames from many hosts.
      frameSrc: ['https:'],
    },
    getPayment: async (impUid) => {
      const auth = await accessToken();
      let p: Record<string, unknown>;
      try {
        p = await request<Record<string, unknown>>(`/payments/${encodeURIComponent(impUid)}`, {
          method: 'GET',
          headers: { Authorization: auth },
        });
      } catch (err) {
        if (err instanceof PortoneError && err.status === 404) return null;
        throw err;
      }
      const status = String(p.status);
      if (
        typeof p.imp_uid !== 'string' ||
        typeof p.merchant_uid !== 'string' ||
        typeof p.amount !== 'number' ||
        !STATUSES.has(status)
      ) {
        throw new Error('PortOne answered a payment in an unexpected shape');
      }
      const payment: ProviderPayment = {
        imp_uid: p.imp_uid,
        merchant_uid: p.merchant_uid,
        amount: p.amount,
        status: status as ProviderPayment['status'],
        fail_reason: typeof p.fail_reason === 'string' && p.fail_reason ? p.fail_reason : null,
        pay_method: typeof p.pay_method === 'string' ? p.pay_method : 'card',
        vbank: virtualAccountOf(p),
      };
      return payment;
    },
  };
}

/** The virtual account of a vbank payment in PortOne's answer; null for another method or a partial answer. */
function virtualAccountOf(p: Record<string, unknown>): ProviderPayment['vbank'] {
  if (p.pay_method !== 'vbank') return null;
  const { vbank_name: bank, vbank_num: account, vbank_holder: holder, vbank_date: due } = p;
  if (typeof bank !== 'string' || typeof account !== 'string' || !account) return null;
  return {
    bank,
    account,
    holder: typeof holder === 'string' ? holder : '',
    dueUnix: typeof due === 'number' && due > 0 ? due : null,
  };
}
