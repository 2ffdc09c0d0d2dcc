import { randomBytes, randomInt } from 'node:crypto';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { API_BASE } from '../../../sync/codes.ts';
import { defineMessages, type Lang, pickLang } from '../../http/messages.ts';
import type { PaymentProvider, ProviderPayment } from './payment.ts';

export const TEST_CHECKOUT_PATH = '/pay/test-checkout';
/** Where the test checkout plays the customer's bank: a deposit into an issued virtual account. */
export const TEST_DEPOSIT_PATH = '/pay/test-checkout/deposit';

const pageMessages = defineMessages({
  title: { ko: '테스트 결제', en: 'Test checkout' },
  notice: {
    ko: '결제 대행사가 설정되지 않아 테스트 결제 화면이 열렸습니다. 실제로 결제되지 않습니다.',
    en: 'No payment provider is configured, so this test checkout opened. Nothing is really charged.',
  },
  product: { ko: '상품', en: 'Product' },
  amount: { ko: '결제 금액', en: 'Amount' },
  buyer: { ko: '구매자', en: 'Buyer' },
  order: { ko: '주문번호', en: 'Order' },
  approve: { ko: '결제 승인', en: 'Approve payment' },
  method: { ko: '결제 수단', en: 'Method' },
  card: { ko: '카드', en: 'Card' },
  trans: { ko: '실시간 계좌이체', en: 'Real-time bank transfer' },
  vbank: { ko: '가상계좌', en: 'Virtual account' },
  issue: { ko: '가상계좌 발급', en: 'Issue the virtual account' },
  depositTitle: { ko: '테스트 입금', en: 'Test deposit' },
  depositNotice: {
    ko: '은행 앱 대신 이 화면에서 가상계좌에 입금합니다. 실제로 입금되지 않습니다.',
    en: 'This page stands in for the bank: nothing is really deposited.',
  },
  bank: { ko: '은행', en: 'Bank' },
  account: { ko: '계좌번호', en: 'Account' },
  deposit: { ko: '입금하기', en: 'Deposit' },
  deposited: {
    ko: '입금했습니다. 결제 대행사가 입금을 알렸습니다.',
    en: 'Deposited. The provider sent its notification.',
  },
  testBank: { ko: '테스트은행', en: 'Test Bank' },
  holder: { ko: '분양톡', en: 'Bunyangtalk' },
  decline: { ko: '결제 거절', en: 'Decline payment' },
  declined: { ko: '카드사에서 승인을 거절했습니다 (테스트)', en: 'The card issuer declined (test)' },
  badRequest: { ko: '잘못된 결제 요청입니다.', en: 'Invalid payment request.' },
  won: { ko: '원', en: ' won' },
});

/** A path on this site only: the checkout never sends the browser elsewhere. */
const localPath = v.pipe(
  v.string(),
  v.check((s) => s.startsWith('/') && !s.startsWith('//') && !s.includes('\\'), 'must be a local path'),
);

const checkoutSchema = v.object({
  merchant_uid: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,80}$/)),
  amount: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number)),
  name: v.pipe(v.string(), v.maxLength(100)),
  buyer_tel: v.optional(v.pipe(v.string(), v.regex(/^[\d-]{0,20}$/)), ''),
  pay_method: v.optional(v.picklist(['card', 'trans', 'vbank']), 'card'),
  redirect: localPath,
});

const depositSchema = v.object({ imp_uid: v.pipe(v.string(), v.regex(/^imp_test_[0-9a-f]{18}$/)) });

/** A virtual account stays open for deposits this long, as a bank's usually does. */
const DEPOSIT_DAYS = 3;

const decisionSchema = v.object({
  ...checkoutSchema.entries,
  decision: v.picklist(['approve', 'decline']),
});

type Checkout = v.InferOutput<typeof checkoutSchema>;

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

function page({ lang, checkout }: { lang: Lang; checkout: Checkout }): string {
  const m = (k: keyof typeof pageMessages) => escapeHtml(pageMessages[k][lang]);
  const hidden = (['merchant_uid', 'amount', 'name', 'buyer_tel', 'pay_method', 'redirect'] as const)
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(String(checkout[k]))}">`)
    .join('');
  const amount = new Intl.NumberFormat('ko-KR').format(checkout.amount);
  const approve = checkout.pay_method === 'vbank' ? m('issue') : m('approve');
  return shell({
    lang,
    title: m('title'),
    body: `<p class="notice">${m('notice')}</p>
<dl>
<dt>${m('product')}</dt><dd>${escapeHtml(checkout.name)}</dd>
<dt>${m('amount')}</dt><dd>${amount}${m('won')}</dd>
<dt>${m('method')}</dt><dd>${m(checkout.pay_method)}</dd>
<dt>${m('buyer')}</dt><dd>${escapeHtml(checkout.buyer_tel)}</dd>
<dt>${m('order')}</dt><dd>${escapeHtml(checkout.merchant_uid)}</dd>
</dl>
<div class="actions">
<form method="post" action="${TEST_CHECKOUT_PATH}">${hidden}<button name="decision" value="decline">${m('decline')}</button></form>
<form method="post" action="${TEST_CHECKOUT_PATH}">${hidden}<button class="approve" name="decision" value="approve">${approve}</button></form>
</div>`,
  });
}

/** The customer's bank, for a virtual account the test checkout issued: the deposit form, or what was done. */
function depositPage({
  lang,
  payment,
  done,
}: {
  lang: Lang;
  payment: ProviderPayment;
  done: boolean;
}): string {
  const m = (k: keyof typeof pageMessages) => escapeHtml(pageMessages[k][lang]);
  const amount = new Intl.NumberFormat('ko-KR').format(payment.amount);
  const action = done
    ? `<p class="notice" role="status">${m('deposited')}</p>`
    : `<div class="actions"><form method="post" action="${TEST_DEPOSIT_PATH}"><input type="hidden" name="imp_uid" value="${escapeHtml(payment.imp_uid)}"><button class="approve">${m('deposit')}</button></form></div>`;
  return shell({
    lang,
    title: m('depositTitle'),
    body: `<p class="notice">${m('depositNotice')}</p>
<dl>
<dt>${m('bank')}</dt><dd>${escapeHtml(payment.vbank?.bank ?? '')}</dd>
<dt>${m('account')}</dt><dd>${escapeHtml(payment.vbank?.account ?? '')}</dd>
<dt>${m('amount')}</dt><dd>${amount}${m('won')}</dd>
<dt>${m('order')}</dt><dd>${escapeHtml(payment.merchant_uid)}</dd>
</dl>
${action}`,
  });
}

function shell({ lang, title, body }: { lang: Lang; title: string; body: string }): string {
  // No script: the page is a plain form, so the server's CSP (script-src 'self') holds.
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.3rem}.notice{background:#fff7e0;border:1px solid #f0c36d;padding:.75rem;border-radius:8px}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#666}dd{margin:0;font-weight:600}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}button{flex:1;padding:.8rem;border-radius:8px;border:1px solid #ccc;font-size:1rem}
.approve{background:#1f5eff;color:#fff;border-color:#1f5eff}
</style>
</head>
<body>
<h1>${title}</h1>
${body}
</body>
</html>`;
}

function badRequest(c: Context) {
  const lang = pickLang(c.req.header('accept-language'));
  c.header('Cache-Control', 'no-store');
  return c.text(pageMessages.badRequest[lang], 400);
}

/** What PortOne posts to the notification URL: `{imp_uid, merchant_uid, status}` as JSON. */
export type WebhookBody = { imp_uid: string; merchant_uid: string; status: ProviderPayment['status'] };

/**
 * With no payment provider configured: a provider that lives inside this server. Its
 * checkout page approves or declines (or issues a virtual account); either way it records the
 * payment under a new imp_uid and sends the browser back the way PortOne's m_redirect_url does
 * (`?imp_uid=&merchant_uid=&imp_success=&error_msg=`). Its deposit page plays the customer's bank
 * for an issued virtual account and then posts the webhook as PortOne does (`notify`; by default
 * over HTTP to this server's own notification URL). Crediting still goes through the server's
 * verification, which asks this provider, exactly as it asks PortOne.
 */
export function testPaymentProvider({
  notify,
  now = () => Date.now(),
}: {
  /** Delivers the webhook; `origin` is this server's, as the deposit page was reached. */
  notify?: (args: { origin: string; body: WebhookBody }) => Promise<void>;
  now?: () => number;
} = {}): PaymentProvider & {
  payments: Map<string, ProviderPayment>;
} {
  const payments = new Map<string, ProviderPayment>();
  const deliver = notify ?? postWebhook;
  return {
    kind: 'test',
    payments,
    widget: { checkoutUrl: TEST_CHECKOUT_PATH, impCode: null, channelKey: null },
    csp: { scriptSrc: [], frameSrc: [] },
    getPayment: async (impUid) => payments.get(impUid) ?? null,
    mountPages: (app: Hono) => {
      app.get(TEST_CHECKOUT_PATH, (c) => {
        const parsed = v.safeParse(checkoutSchema, c.req.query());
        if (!parsed.success) return badRequest(c);
        c.header('Cache-Control', 'no-store');
        return c.html(page({ lang: pickLang(c.req.header('accept-language')), checkout: parsed.output }));
      });
      app.post(TEST_CHECKOUT_PATH, async (c) => {
        const form = await c.req.parseBody().catch(() => null);
        const parsed = v.safeParse(decisionSchema, form ?? {});
        if (!parsed.success) return badRequest(c);
        const { decision, merchant_uid, amount, pay_method, redirect } = parsed.output;
        const lang = pickLang(c.req.header('accept-language'));
        const impUid = `imp_test_${randomBytes(9).toString('hex')}`;
        const approved = decision === 'approve';
        const failReason = approved ? null : pageMessages.declined[lang];
        const issued = approved && pay_method === 'vbank';
        payments.set(impUid, {
          imp_uid: impUid,
          merchant_uid,
          amount,
          status: issued ? 'ready' : approved ? 'paid' : 'failed',
          fail_reason: failReason,
          pay_method,
          vbank: issued
            ? {
                bank: pageMessages.testBank[lang],
                account: String(100_000_000_000 + randomInt(900_000_000_000)),
                holder: pageMessages.holder[lang],
                dueUnix: Math.floor(now() / 1000) + DEPOSIT_DAYS * 86_400,
              }
            : null,
        });
        const back = new URL(redirect, 'http://local');
        back.searchParams.set('imp_uid', impUid);
        back.searchParams.set('merchant_uid', merchant_uid);
        back.searchParams.set('imp_success', String(approved));
        if (failReason) back.searchParams.set('error_msg', failReason);
        c.header('Cache-Control', 'no-store');
        return c.redirect(`${back.pathname}${back.search}`, 303);
      });
      app.get(TEST_DEPOSIT_PATH, (c) => {
        const parsed = v.safeParse(depositSchema, c.req.query());
        const payment = parsed.success ? payments.get(parsed.output.imp_uid) : undefined;
        if (!payment?.vbank) return badRequest(c);
        c.header('Cache-Control', 'no-store');
        const lang = pickLang(c.req.header('accept-language'));
        return c.html(depositPage({ lang, payment, done: payment.status === 'paid' }));
      });
      app.post(TEST_DEPOSIT_PATH, async (c) => {
        const form = await c.req.parseBody().catch(() => null);
        const parsed = v.safeParse(depositSchema, form ?? {});
        const payment = parsed.success ? payments.get(parsed.output.imp_uid) : undefined;
        if (!payment?.vbank) return badRequest(c);
        const paid: ProviderPayment = { ...payment, status: 'paid' };
        payments.set(paid.imp_uid, paid);
        const body: WebhookBody = { imp_uid: paid.imp_uid, merchant_uid: paid.merchant_uid, status: 'paid' };
        // As PortOne: the deposit is done whether or not the notification gets through.
        await deliver({ origin: new URL(c.req.url).origin, body }).catch(() => {});
        c.header('Cache-Control', 'no-store');
        const lang = pickLang(c.req.header('accept-language'));
        return c.html(depositPage({ lang, payment: paid, done: true }));
      });
    },
  };
}

/** PortOne's way: a JSON POST to the notification URL. */
async function postWebhook({ origin, body }: { origin: string; body: WebhookBody }): Promise<void> {
  await fetch(`${origin}${API_BASE}/purchase/paymentWebhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
}
