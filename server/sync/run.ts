import * as v from 'valibot';
import { mutators } from '../../sync/mutators.ts';
import { checkAccess } from '../http/access.ts';
import type { AuthedContext } from '../http/context.ts';
import { badParameter } from '../http/errors.ts';
import { findMalformedValue, issueToBadParameter } from '../http/input-guard.ts';
import type { MutationContext, MutationOutcome, ServerMutator } from '../http/mutation.ts';

/**
 * Runs one offline operation's server effect, the same way whichever path it came by: its
 * access checked by the function that checks a route's, its arguments by the shared schema,
 * then the feature's effect in the caller's transaction.
 */
export async function runMutation({
  ctx,
  mutator,
  args,
}: {
  ctx: MutationContext;
  mutator: ServerMutator;
  args: unknown;
}): Promise<MutationOutcome> {
  await checkAccess({ access: mutator.access, auth: ctx.auth, sqlite: ctx.sqlite, now: ctx.now });
  // What no input may hold (control characters, numbers beyond any field) is refused here as
  // on every call; unknown fields are not: a device's queued arguments pass as they were sent.
  const schema = mutators[mutator.name].args;
  const malformed = findMalformedValue({ value: args, schema, name: 'args' });
  if (malformed) throw badParameter(malformed);
  const parsed = v.safeParse(schema, args);
  if (!parsed.success) {
    const err = issueToBadParameter(parsed.issues);
    const data = err.data as { field: string; reason: string };
    throw badParameter({ field: `args.${data.field}`, reason: data.reason });
  }
  const effect = mutator.effect as (input: {
    ctx: MutationContext;
    args: unknown;
  }) => Promise<MutationOutcome>;
  return effect({ ctx, args: parsed.output });
}

/** The plain RPC form of an offline operation: the same server effect, in one transaction. */
export async function runRpc({
  ctx,
  mutator,
  args,
}: {
  ctx: AuthedContext;
  mutator: ServerMutator;
  args: unknown;
}): Promise<unknown> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction().execute((tx) =>
    runMutation({
      ctx: { tx, sqlite: ctx.sqlite, auth: ctx.auth, now, clientId: null, mutationId: null },
      mutator,
      args,
    }),
  );
  return outcome.data;
}
