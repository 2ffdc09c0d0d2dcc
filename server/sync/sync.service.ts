import { ResultCode } from '../../sync/codes.ts';
import {
  DEFAULT_PULL_LIMIT,
  type MutationEnvelope,
  type MutationResult,
  PROTOCOL_OUTDATED,
  PROTOCOL_VERSION,
  type PullRequest,
  type PushRequest,
  type PushResponse,
} from '../../sync/protocol.ts';
import type { Tx } from '../db/database.ts';
import type { AuthedContext } from '../http/context.ts';
import { AppError, badParameter, forbidden } from '../http/errors.ts';
import { renderMessage } from '../http/messages.ts';
import { inPullTransaction } from './feed.repository.ts';
import { type PullPageJson, readPullPage } from './pull.repository.ts';
import {
  beginMutationSavepoint,
  clientOwner,
  ensureClientRow,
  forgetOutcomes,
  lastSeqOf,
  outcomeAtSeq,
  outcomeOfMutation,
  recordOutcome,
  releaseMutationSavepoint,
  rollBackMutation,
  type StoredOutcome,
} from './push.repository.ts';
import { pullOwners, serverMutator } from './registry.ts';
import { runMutation } from './run.ts';
import { syncMessages } from './sync.messages.ts';

/**
 * How many recorded outcomes per device are kept for answering repeated pushes. A device only
 * asks again about the push whose answer it lost (at most MAX_PUSH_MUTATIONS behind), so this
 * is ample; a sequence whose outcome is gone is not answered (applyOne).
 */
const KEPT_OUTCOMES = 2000;

export function protocolOutdated(): AppError {
  return new AppError({
    code: ResultCode.apiError,
    status: 409,
    msg: syncMessages.protocolOutdated,
    data: { reason: PROTOCOL_OUTDATED, server_version: PROTOCOL_VERSION },
  });
}

/** A device install belongs to one member: another member's session may not push or pull for it. */
async function ensureClient({ ctx, clientId }: { ctx: AuthedContext; clientId: string }): Promise<number> {
  const client = await ensureClientRow({
    db: ctx.db,
    clientId,
    userIdx: ctx.auth.user.f_idx,
    time: ctx.clock.now().toISOString(),
  });
  if (client.f_user_idx !== ctx.auth.user.f_idx) throw forbidden(syncMessages.clientOfOtherMember);
  return client.last_seq;
}

function outcomeOfError({ ctx, err }: { ctx: AuthedContext; err: unknown }) {
  if (err instanceof AppError) {
    return {
      status: 'rejected' as const,
      code: err.code,
      msg: renderMessage({ message: err.msg, lang: ctx.lang, params: err.params }),
      data: err.data ?? null,
    };
  }
  // A bug must not hold the member's queue forever: the mutation is refused and logged.
  ctx.logger.error({ reqId: ctx.requestId, err }, 'mutation failed');
  return {
    status: 'rejected' as const,
    code: ResultCode.apiError,
    msg: renderMessage({ message: syncMessages.unexpectedMutation, lang: ctx.lang }),
    data: { request_id: ctx.requestId },
  };
}

/** A mutation the push went through: answered from its effect or from the record of an earlier push. */
type Processed = { result: MutationResult; lastSeq: number };
/** A mutation the push stops at: nothing of it or after it is processed. */
type Refused = { result: null; lastSeq: number };

/**
 * One mutation in its own transaction: the effect, the client's new last sequence and the
 * recorded outcome commit together. A refusal rolls back to the savepoint, so only the
 * sequence and the outcome are written. Raw statements run on the transaction's connection.
 *
 * A client's sequence has no gaps and no reuse: only `last_seq + 1` is applied. A sequence
 * already used is a repeat only when its recorded outcome is this mutation's (same id), and
 * is answered from that record. Anything else (a gap, a used sequence holding another
 * mutation or whose outcome is no longer kept) is not processed: the device learns from
 * `last_seq` where the server is and numbers what it still has from there (docs/sync.md).
 */
async function applyOne({
  ctx,
  clientId,
  mutation,
}: {
  ctx: AuthedContext;
  clientId: string;
  mutation: MutationEnvelope;
}): Promise<Processed | Refused> {
  return ctx.db.transaction().execute(async (tx: Tx): Promise<Processed | Refused> => {
    const lastSeq = await lastSeqOf({ db: tx, clientId });
    const base = { seq: mutation.seq, id: mutation.id };
    if (mutation.seq <= lastSeq) {
      const prior = await outcomeAtSeq({ db: tx, clientId, seq: mutation.seq });
      if (prior?.mutation_id !== mutation.id) return { result: null, lastSeq };
      const { mutation_id: _id, ...outcome } = prior;
      const data = outcome.data === null ? null : JSON.parse(outcome.data);
      return { result: { ...base, duplicate: true, ...outcome, data }, lastSeq };
    }
    if (mutation.seq !== lastSeq + 1) return { result: null, lastSeq };
    const now = ctx.clock.now();
    // The same mutation under a second number (two tabs numbered it): its first outcome stands
    // for both numbers, so the sequence goes on and nothing is applied twice.
    const earlier = await outcomeOfMutation({ db: tx, clientId, mutationId: mutation.id });
    let outcome: Outcome;
    if (earlier) {
      outcome = { ...earlier, data: earlier.data === null ? null : JSON.parse(earlier.data) };
    } else {
      outcome = await applyEffect({ ctx, tx, clientId, mutation, now });
    }
    const stored: StoredOutcome = {
      status: outcome.status,
      code: outcome.code,
      msg: outcome.msg,
      data: outcome.data === null || outcome.data === undefined ? null : JSON.stringify(outcome.data),
    };
    await recordOutcome({
      db: tx,
      clientId,
      seq: mutation.seq,
      mutationId: mutation.id,
      name: mutation.name.slice(0, 64),
      outcome: stored,
      time: now.toISOString(),
    });
    return {
      result: { ...base, duplicate: earlier !== undefined, ...outcome, data: outcome.data ?? null },
      lastSeq: mutation.seq,
    };
  });
}

type Outcome = { status: MutationResult['status']; code: number; msg: string; data: unknown };

/**
 * The mutation's effect inside a savepoint of the push's transaction: a refusal rolls back to
 * it, so only the sequence and the outcome are written.
 */
async function applyEffect({
  ctx,
  tx,
  clientId,
  mutation,
  now,
}: {
  ctx: AuthedContext;
  tx: Tx;
  clientId: string;
  mutation: MutationEnvelope;
  now: Date;
}): Promise<Outcome> {
  await beginMutationSavepoint({ db: tx });
  try {
    const mutator = serverMutator(mutation.name);
    if (!mutator) throw badParameter({ field: 'name', reason: `unknown operation ${mutation.name}` });
    const result = await runMutation({
      ctx: { tx, auth: ctx.auth, now, clientId, mutationId: mutation.id },
      mutator,
      args: mutation.args,
    });
    await releaseMutationSavepoint({ db: tx });
    return { status: result.status, code: 0, msg: '', data: result.data ?? null };
  } catch (err) {
    await rollBackMutation({ db: tx });
    return outcomeOfError({ ctx, err });
  }
}

/**
 * Processes a push in sequence order and stops at the first mutation it cannot process (see
 * applyOne): the answer holds a result for each one processed, none for that one or those
 * after it, and the client's last sequence.
 */
export async function push({
  ctx,
  request,
}: {
  ctx: AuthedContext;
  request: PushRequest;
}): Promise<PushResponse> {
  let lastSeq = await ensureClient({ ctx, clientId: request.client_id });
  const results: MutationResult[] = [];
  for (const mutation of [...request.mutations].sort((a, b) => a.seq - b.seq)) {
    const processed = await applyOne({ ctx, clientId: request.client_id, mutation });
    lastSeq = processed.lastSeq;
    if (!processed.result) break;
    results.push(processed.result);
  }
  if (results.length > 0) {
    await forgetOutcomes({ db: ctx.db, clientId: request.client_id, throughSeq: lastSeq - KEPT_OUTCOMES });
  }
  return { last_seq: lastSeq, results };
}

/** Who reads the rows of each pulled entity: the features' declarations, composed once. */
const owners = pullOwners();

export async function pull({
  ctx,
  request,
}: {
  ctx: AuthedContext;
  request: PullRequest;
}): Promise<PullPageJson> {
  const owner = await clientOwner({ db: ctx.db, clientId: request.client_id });
  if (owner !== undefined && owner !== ctx.auth.user.f_idx) throw forbidden(syncMessages.clientOfOtherMember);
  // One read transaction: the rows, the new cursor and the client's last applied sequence
  // belong to one snapshot, and kysely holds the connection for it, keeping every other query out.
  return inPullTransaction(ctx.db, (tx) =>
    readPullPage({
      db: tx,
      userIdx: ctx.auth.user.f_idx,
      clientId: request.client_id,
      cursor: request.cursor,
      limit: request.limit ?? DEFAULT_PULL_LIMIT,
      owners,
    }),
  );
}
