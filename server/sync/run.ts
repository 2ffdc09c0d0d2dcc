import * as v from 'valibot';
import { mutators } from '../../sync/mutators.ts';
import { checkAccess } from '../http/access.ts';
import type { AuthedContext } from '../http/context.ts';
import { badParameter } from '../http/errors.ts';
import { findMalformedValue, issueToBadParameter } from '../http/input-guard.ts';
import type { MutationContext, MutationOutcome, ServerMutator } from '../http/mutation.ts';

/**
 * Runs one pushed offline operation: its access checked by the function that checks a route's,
 * what no input may hold refused as on every call, then its effect. The RPC form (runRpc) has
 * had both done by its route already.
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
  await checkAccess({ access: mutator.access, auth: ctx.auth, db: ctx.tx, now: ctx.now });
  // Unknown fields are not refused here: a device's queued arguments pass as they were sent.
  const malformed = findMalformedValue({ value: args, schema: mutators[mutator.name].args, name: 'args' });
  if (malformed) throw badParameter(malformed);
  return applyEffect({ ctx, mutator, args });
}

/** The arguments read by the operation's own schema (defaults filled in), then its effect. */
async function applyEffect({
  ctx,
  mutator,
  args,
}: {
  ctx: MutationContext;
  mutator: ServerMutator;
  args: unknown;
}): Promise<MutationOutcome> {
  const parsed = v.safeParse(mutators[mutator.name].args, args);
  if (!parsed.success) throw issueToBadParameter(parsed.issues, 'args.');
  const effect = mutator.effect as (input: {
    ctx: MutationContext;
    args: unknown;
  }) => Promise<MutationOutcome>;
  return effect({ ctx, args: parsed.output });
}

/**
 * The plain RPC form of an offline operation: the same server effect, in one transaction. Its
 * route (server/sync/registry.ts) checked the operation's access and the input already.
 */
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
    applyEffect({
      ctx: { tx, auth: ctx.auth, now, clientId: null, mutationId: null },
      mutator,
      args,
    }),
  );
  return outcome.data;
}
