import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import type { PaymentReturn } from '../../features/points/payment.ts';
import { loadsScreens } from './lazy-screen.ts';
import { appLayout } from './root.tsx';

const MoreScreen = lazyRouteComponent(() => import('../../features/more/MoreScreen.tsx'), 'MoreScreen');

// The router parses query values as JSON, so 'true' arrives as a boolean and digits as a number.
const queryValue = v.optional(
  v.pipe(
    v.union([v.string(), v.number(), v.boolean()]),
    v.transform((x) => String(x)),
  ),
);

/** What a card payment provider appends when it sends the browser back (PortOne's m_redirect_url). */
const moreSearch = v.object({
  imp_uid: queryValue,
  merchant_uid: queryValue,
  imp_success: queryValue,
  success: queryValue,
  error_msg: queryValue,
});

const more = createRoute({
  getParentRoute: () => appLayout,
  path: '/More',
  validateSearch: (search) => {
    const parsed = v.safeParse(moreSearch, search);
    return parsed.success ? parsed.output : {};
  },
  component: loadsScreens(MoreRoute, [MoreScreen]),
});

function MoreRoute() {
  const search = more.useSearch();
  const paymentReturn: PaymentReturn | null = search.merchant_uid
    ? {
        merchantUid: search.merchant_uid,
        impUid: search.imp_uid ?? null,
        success: (search.imp_success ?? search.success) === 'true',
        errorMsg: search.error_msg ?? null,
      }
    : null;
  return <MoreScreen paymentReturn={paymentReturn} />;
}

export const moreRoutes = [more];
