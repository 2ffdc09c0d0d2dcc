import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type * as v from 'valibot';
import type { AnySchema, Call } from '../../sync/api/contract.ts';
import { API_BASE, Headers } from '../../sync/codes.ts';
import type { AuthInfo } from '../auth/session.ts';
import { keepFilesCookie } from '../uploads/private-files.ts';
import { type Access, checkAccess, resolveAuth } from './access.ts';
import { clientAddress } from './client-address.ts';
import type { AppDeps, AuthedContext, RequestContext } from './context.ts';
import { AppError } from './errors.ts';
import { FileAnswer } from './file-answer.ts';
import { parseInput } from './input-guard.ts';
import { coreMessages, type Message, pickLang, renderMessage } from './messages.ts';
import { RawJson } from './raw-json.ts';
import { readInput } from './read-input.ts';

export type { Access } from './access.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** The operation a request was routed to, set before its body is read (the metrics' label). */
    operationId: string;
  }
}

// Where features and the push path have always found it.
export { issueToBadParameter } from './input-guard.ts';

export interface Operation<C extends Call = Call> {
  call: C;
  access: Access;
  /**
   * Shown as the envelope's msg on success (spec §8 success toasts); may depend on the result, and
   * be none for a result the screen shows in full itself.
   */
  successMessage?: Message | ((output: never) => Message | undefined);
  handler: (args: {
    input: unknown;
    ctx: RequestContext & { auth: AuthInfo | null };
  }) => Promise<unknown> | unknown;
}

type Input<C> = C extends Call<infer S, unknown> ? v.InferOutput<S> : never;
type Output<C> = C extends Call<AnySchema, infer O> ? O : never;

/**
 * Implements a shared call on the server. The handler's ctx.auth is non-null unless the
 * access is public, and it must return the call's declared output.
 */
export function defineOperation<C extends Call, A extends Access>(
  call: C,
  impl: {
    access: A;
    successMessage?: Message | ((output: Output<C>) => Message | undefined);
    handler: (args: {
      input: Input<C>;
      ctx: A extends { kind: 'public' } ? RequestContext & { auth: AuthInfo | null } : AuthedContext;
    }) =>
      | Promise<Output<C> | RawJson<Output<C>> | FileAnswer>
      | Output<C>
      // Sent as it is, without a success message.
      | RawJson<Output<C>>
      // A download call's file (call.download).
      | FileAnswer;
  },
): Operation<C> {
  return { call, ...impl } as unknown as Operation<C>;
}

export const JSON_BODY_LIMIT = 1024 * 1024;

/** The bytes a RawJson answer adds around its data: `{"code":0,"msg":"","data":` and `}`. */
const ENVELOPE_BYTES = '{"code":0,"msg":"","data":}'.length;
export const UPLOAD_BODY_LIMIT = 11 * 1024 * 1024;

async function authorize(op: Operation, ctx: RequestContext): Promise<AuthInfo | null> {
  if (op.access.kind === 'public') return null;
  const auth = await resolveAuth(ctx);
  await checkAccess({ access: op.access, auth, db: ctx.db, now: ctx.clock.now() });
  return auth;
}

let warnedForwarded = false;

/** Said once: a proxy in front whose X-Forwarded-For is ignored counts every client as one. */
function warnUntrustedForwarding(c: Context, deps: AppDeps): void {
  if (warnedForwarded || deps.config.trustedProxies > 0 || !c.req.header('x-forwarded-for')) return;
  warnedForwarded = true;
  deps.logger.warn(
    'requests carry X-Forwarded-For but TRUST_PROXY=0: behind a proxy, set TRUST_PROXY so limits count each client',
  );
}

export function requestContext(c: Context, deps: AppDeps): RequestContext {
  warnUntrustedForwarding(c, deps);
  return {
    ...deps,
    requestId: (c.get('requestId') as string | undefined) ?? '-',
    deviceId: c.req.header(Headers.deviceId) || undefined,
    accessToken: c.req.header(Headers.accessToken) || undefined,
    ip: clientAddress({
      forwardedFor: c.req.header('x-forwarded-for'),
      socketAddress: (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
        ?.socket?.remoteAddress,
      trustedProxies: deps.config.trustedProxies,
    }),
    lang: pickLang(c.req.header('accept-language')),
    userAgent: c.req.header('user-agent') ?? '',
    // Read on demand: the Node adapter makes the signal (an AbortController) only when asked.
    requestSignal: () => c.req.raw.signal,
    requestBytes: Number(c.req.header('content-length')) || 0,
  };
}

function bodyTooLarge(): never {
  throw new AppError({ code: -4, status: 413, msg: coreMessages.bodyTooLarge });
}

/**
 * Hono's bodyLimit, without its cost on the common case. It first reads `req.raw.body`,
 * which makes the Node adapter build a whole web Request (streams, abort signal) for every
 * call; a body with a declared length (Node's parser holds the body to it) is checked from
 * the header alone, and only a streamed (chunked) body goes through Hono's counting.
 */
function limitBody(maxSize: number): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError: bodyTooLarge });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > maxSize ? bodyTooLarge() : next();
    }
    return streamed(c, next);
  };
}

/** Mounts operations on the app: input check, authorization, envelope. */
export function mountOperations({
  app,
  deps,
  operations,
}: {
  app: Hono;
  deps: AppDeps;
  operations: Operation[];
}) {
  const seen = new Set<string>();
  for (const op of operations) {
    const { call } = op;
    const key = `${call.method} ${call.path}`;
    if (seen.has(key) || seen.has(call.operationId))
      throw new Error(`Duplicate operation ${key} (${call.operationId})`);
    seen.add(key);
    seen.add(call.operationId);
    const limit = limitBody(call.maxBodyBytes ?? (call.multipart ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT));
    const named: MiddlewareHandler = (c, next) => {
      c.set('operationId', call.operationId);
      return next();
    };
    app.on(call.method.toUpperCase(), `${API_BASE}${call.path}`, named, limit, async (c) => {
      const ctx = requestContext(c, deps);
      // Who is calling is settled before the input is looked at, so a caller without the
      // right learns nothing about the operation's shape.
      const auth = await authorize(op, ctx);
      // Pictures under /uploads are fetched by <img> tags without headers: the session goes with
      // them in a cookie (private inlay pictures, server/uploads/private-files.ts).
      if (auth && ctx.accessToken) keepFilesCookie({ c, token: ctx.accessToken, deps });
      const input = await parseInput({ schema: call.input, raw: await readInput(c, call) });
      const data = await op.handler({ input, ctx: { ...ctx, auth } });
      if (data instanceof FileAnswer) {
        return c.body(data.args.body, 200, {
          'content-type': data.args.contentType,
          'content-disposition': `attachment; filename="${data.args.fileName}"`,
        });
      }
      if (data instanceof RawJson) {
        const body = `{"code":0,"msg":"","data":${data.json}}`;
        return c.body(body, 200, {
          'content-type': 'application/json',
          ...(data.bytes === undefined ? {} : { 'content-length': String(ENVELOPE_BYTES + data.bytes) }),
        });
      }
      const success =
        typeof op.successMessage === 'function' ? op.successMessage(data as never) : op.successMessage;
      const msg = success ? renderMessage({ message: success, lang: ctx.lang }) : '';
      return c.json({ code: 0, msg, data: data ?? null });
    });
  }
}
