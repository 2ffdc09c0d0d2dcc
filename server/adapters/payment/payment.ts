import type { Hono } from 'hono';

/** A payment as the provider reports it (PortOne v1 `GET /payments/{imp_uid}` fields we rely on). */
export interface ProviderPayment {
  imp_uid: string;
  merchant_uid: string;
  /** Won actually paid. */
  amount: number;
  status: 'ready' | 'paid' | 'cancelled' | 'failed';
  fail_reason: string | null;
}

/**
 * Card payments: the browser pays through the provider's widget (or, with no provider
 * configured, the built-in test checkout page); the server then asks the provider what
 * happened before it credits anything. The browser's word is never enough.
 */
export interface PaymentProvider {
  kind: 'test' | 'portone';
  /** What the client needs to open the widget. */
  widget: { checkoutUrl: string | null; impCode: string | null; channelKey: string | null };
  /** The provider's record of a payment; null when it has none by that id. Throws when unreachable. */
  getPayment: (impUid: string) => Promise<ProviderPayment | null>;
  /** Extra Content-Security-Policy sources the widget needs (its script and payment windows). */
  csp: { scriptSrc: string[]; frameSrc: string[] };
  /** Pages the provider itself serves from our server (the test checkout). */
  mountPages?: (app: Hono) => void;
}
