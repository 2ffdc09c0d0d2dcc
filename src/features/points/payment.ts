import {
  buyPointCall,
  type PayMethod,
  type PreparedPayment,
  preparePaymentCall,
} from '../../../sync/api/points.api.ts';
import { api } from '../../api/client.ts';
import { profileStore } from '../auth/profile.ts';

/** Where the provider sends the browser back after paying (PortOne's m_redirect_url). */
export const CHARGE_RETURN_PATH = '/More';

/** What the provider reports back, in the browser: the callback's fields or the return URL's query. */
export interface PaymentReturn {
  merchantUid: string;
  impUid: string | null;
  success: boolean;
  errorMsg: string | null;
}

interface IamportResponse {
  success?: boolean;
  imp_success?: boolean;
  imp_uid?: string | null;
  merchant_uid: string;
  error_msg?: string | null;
}

interface Iamport {
  init: (code: string) => void;
  request_pay: (params: Record<string, unknown>, callback: (rsp: IamportResponse) => void) => void;
}

declare global {
  interface Window {
    IMP?: Iamport;
  }
}

const IAMPORT_SCRIPT = 'https://cdn.iamport.kr/v1/iamport.js';

function loadIamport(): Promise<Iamport> {
  if (window.IMP) return Promise.resolve(window.IMP);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = IAMPORT_SCRIPT;
    script.async = true;
    script.onload = () => (window.IMP ? resolve(window.IMP) : reject(new Error('iamport did not load')));
    script.onerror = () => reject(new Error('iamport did not load'));
    document.head.appendChild(script);
  });
}

/**
 * Opens the payment window for a prepared order (card, real-time transfer or virtual account).
 * The test provider is a page of our server (the browser leaves the app and comes back to
 * CHARGE_RETURN_PATH); PortOne opens its window and answers through the callback (desktop) or
 * the same return path (mobile). An issued virtual account comes back as a success too.
 */
export async function openPayment(prepared: PreparedPayment): Promise<PaymentReturn | 'redirected'> {
  const returnUrl = `${window.location.origin}${CHARGE_RETURN_PATH}`;
  if (prepared.provider === 'test') {
    const query = new URLSearchParams({
      merchant_uid: prepared.merchant_uid,
      amount: String(prepared.amount),
      name: prepared.name,
      buyer_tel: prepared.buyer_tel,
      pay_method: prepared.pay_method,
      redirect: CHARGE_RETURN_PATH,
    });
    window.location.assign(`${prepared.checkout_url}?${query}`);
    return 'redirected';
  }
  const imp = await loadIamport();
  imp.init(prepared.imp_code ?? '');
  return new Promise((resolve) => {
    imp.request_pay(
      {
        channelKey: prepared.channel_key,
        pay_method: prepared.pay_method,
        merchant_uid: prepared.merchant_uid,
        name: prepared.name,
        amount: prepared.amount,
        buyer_tel: prepared.buyer_tel,
        m_redirect_url: returnUrl,
      },
      (rsp) =>
        resolve({
          merchantUid: rsp.merchant_uid,
          impUid: rsp.imp_uid ?? null,
          success: rsp.success ?? rsp.imp_success ?? false,
          errorMsg: rsp.error_msg ?? null,
        }),
    );
  });
}

/** Starts a charge of one of the options: the server records the order and names the price. */
export async function startCharge({ points, payMethod }: { points: number; payMethod: PayMethod }) {
  const prepared = await api(preparePaymentCall, { point: points, pay_method: payMethod });
  return openPayment(prepared);
}

/**
 * After the payment window: the server verifies the payment with the provider and credits the
 * points, or answers the virtual account to deposit into (its message is toasted by the api client). Throws ApiError with the
 * server's 'payment failed' message, or NetworkError.
 */
export async function confirmCharge({ merchantUid, impUid }: { merchantUid: string; impUid: string }) {
  const result = await api(buyPointCall, { merchant_uid: merchantUid, imp_uid: impUid });
  await profileStore.refresh().catch(() => {});
  return result;
}
