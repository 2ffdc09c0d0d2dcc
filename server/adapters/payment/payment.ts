import type { Hono } from 'hono';

/** A virtual account the provider issued (PortOne v1 `vbank_name`, `vbank_num`, `vbank_holder`, `vbank_date`). */
export interface ProviderVirtualAccount {
  bank: string;
  account: string;
  holder: string;
  /** When the deposit must arrive by, in unix seconds; null when none was set. */
  dueUnix: number | null;
}

/** A payment as the provider reports it (PortOne v1 `GET /payments/{imp_uid}` fields we rely on). */
export interface ProviderPayment {
  imp_uid: string;
  merchant_uid: string;
  /** Won actually paid (for a virtual account not yet deposited into: the amount to deposit). */
  amount: number;
  /** ready: a virtual account issued and waiting for its deposit (or a payment not finished). */
  status: 'ready' | 'paid' | 'cancelled' | 'failed';
  fail_reason: string | null;
  /** card, trans (real-time bank transfer), vbank (virtual account), or another method PortOne names. */
  pay_method: string;
  /** The account to deposit into, for a vbank payment. */
  vbank: ProviderVirtualAccount | null;
}

/**
 * Payments by card, real-time transfer or virtual account: the browser pays through the provider's widget (or, with no provider
 * configured, the built-in test checkout page); the server then asks the provider what
 * happened before it credits anything. The browser's word is never enough.
 */
export interface PaymentProvider {
  kind: 'test' | 'portone';
  /** What the client needs to open the widget. */
  widget: { checkoutUrl: string | null; impCode: string | null; channelKey: string | null };
  /**
   * The provider's record of a payment; null when it has none by that id. Throws when unreachable.
   * The only source of truth for crediting: the browser's return and the webhook's body are hints.
   */
  getPayment: (impUid: string) => Promise<ProviderPayment | null>;
  /** Extra Content-Security-Policy sources the widget needs (its script and payment windows). */
  csp: { scriptSrc: string[]; frameSrc: string[] };
  /** Pages the provider itself serves from our server (the test checkout). */
  mountPages?: (app: Hono) => void;
}
