import type { Call, CallInput, CallOutput } from '../../sync/api/contract.ts';
import type { OnlineMutator } from '../../sync/mutator.ts';
import type { MutatorInput, OnlineMutatorName } from '../../sync/mutators.ts';
import { api, NetworkError } from '../api/client.ts';
import type { LocalDb, OutboxEntry } from '../db/db.ts';
import { syncEngine, uploadPicture } from './client.ts';
import { keepFile } from './files.ts';

/**
 * "Send now, or queue when offline", once for every form that writes something the outbox can
 * carry (a post, a comment, a report, a notification). The operation declares its online call
 * (sync/<feature>/<feature>.mutators.ts `online`); this tries it with the pictures uploaded
 * first. Without a network it keeps the pictures on the device (src/sync/files.ts) and queues
 * the same arguments in the outbox, where the sync uploads them before the push. A refused
 * entry the form was written again from leaves the outbox once the new one is sent or queued.
 * Any other failure (the server's refusal) is thrown for the form to show: nothing is queued.
 */

/** Pictures picked in a form, with the upload kind they go under (sync/api/uploads.api.ts ImageKind). */
export interface Pictures {
  files: readonly File[];
  kind: number;
}

/** What a form writes: its arguments given the pictures' references, and the pictures. */
export interface WriteRequest<C extends Call> {
  /** URLs of the uploaded pictures online; `local-file:` references on the device when queued. */
  args: (images: string[]) => CallInput<C>;
  pictures?: Pictures | undefined;
}

export interface SendOrQueueRequest<M extends OnlineMutator> extends WriteRequest<M['online']> {
  mutator: M & { name: OnlineMutatorName };
  /** The refused outbox entry (its seq) this write is made again from. */
  retried?: number | undefined;
}

export type SendOutcome<O> = { status: 'sent'; data: O } | { status: 'queued'; entry: OutboxEntry };

/** What sending needs: the app's by default, a test's own engine and server otherwise. */
export interface SendDeps {
  call: <C extends Call>(call: C, input: CallInput<C>) => Promise<CallOutput<C>>;
  upload: (input: { file: Blob; name: string; kind: number }) => Promise<string>;
  engine: {
    readonly db: LocalDb;
    mutate: (name: OnlineMutatorName, input: MutatorInput<OnlineMutatorName>) => Promise<OutboxEntry>;
    dismiss: (seq: number) => Promise<void>;
  };
}

const appDeps: SendDeps = {
  call: (call, input) => api(call, input),
  upload: uploadPicture,
  engine: syncEngine,
};

/** Uploads the pictures, then makes the call: online only (an edit), every failure thrown. */
export async function sendNow<C extends Call>(
  { call, args, pictures }: WriteRequest<C> & { call: C },
  deps: SendDeps = appDeps,
): Promise<CallOutput<C>> {
  const urls = await Promise.all(
    (pictures?.files ?? []).map((file) => deps.upload({ file, name: file.name, kind: pictures?.kind ?? 0 })),
  );
  return deps.call(call, args(urls));
}

/** Sends the write now, or queues it when there is no network; resolves which one happened. */
export async function sendOrQueue<M extends OnlineMutator>(
  { mutator, args, pictures, retried }: SendOrQueueRequest<M>,
  deps: SendDeps = appDeps,
): Promise<SendOutcome<CallOutput<M['online']>>> {
  let outcome: SendOutcome<CallOutput<M['online']>>;
  try {
    const data = await sendNow({ call: mutator.online, args, pictures }, deps);
    outcome = { status: 'sent', data: data as CallOutput<M['online']> };
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    const refs = await Promise.all(
      (pictures?.files ?? []).map((file) =>
        keepFile({ db: deps.engine.db, file, name: file.name, kind: pictures?.kind ?? 0 }),
      ),
    );
    // The online call takes the operation's own arguments (sync/mutator.ts `online`).
    const input = args(refs) as MutatorInput<OnlineMutatorName>;
    outcome = { status: 'queued', entry: await deps.engine.mutate(mutator.name, input) };
  }
  if (retried !== undefined) await deps.engine.dismiss(retried);
  return outcome;
}
