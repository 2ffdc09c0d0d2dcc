import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { Call } from '../../../sync/api/contract.ts';
import type { OnlineMutator } from '../../../sync/mutator.ts';
import { type CallOptions, useCall } from '../../api/useCall.ts';
import { syncEngine } from '../../sync/client.ts';
import {
  type SendOrQueueRequest,
  sendNow,
  sendOrQueue,
  type WriteRequest,
} from '../../sync/send-or-queue.ts';
import { toast } from '../../ui/toast.tsx';
import { queuedNotices } from './labels.ts';

/** An edit's answer naming the conflict it left (sync/api/answer-fields.ts `editConflict`). */
function leftConflict(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { conflict?: unknown }).conflict != null;
}

/**
 * A form's writes (src/sync/send-or-queue.ts) with what the member is told: `send` sends now or
 * queues (saying so when it queued), `sendOnline` is for a write only the server can take (an
 * edit). An edit the server kept as a conflict says so. Both resolve undefined after a refusal was told (the server's words, or `failure`'s),
 * and `pending` is true while one runs, for the button that started it.
 */
export function useSendOrQueue() {
  const { i18n } = useLingui();
  const { run, pending } = useCall();
  const send = useCallback(
    <M extends OnlineMutator>(request: SendOrQueueRequest<M>, options?: CallOptions) =>
      run(async () => {
        const outcome = await sendOrQueue(request);
        if (outcome.status === 'queued') toast(i18n._(queuedNotices[request.mutator.name]));
        else if (leftConflict(outcome.data)) {
          // An edit made on a copy changed elsewhere: both are kept, and the sync brings the card.
          toast(i18n._(msg`It was changed elsewhere meanwhile: choose what to keep on the Sync screen.`));
          void syncEngine.sync();
        }
        return outcome;
      }, options),
    [run, i18n],
  );
  const sendOnline = useCallback(
    <C extends Call>(request: WriteRequest<C> & { call: C }, options?: CallOptions) =>
      run(() => sendNow(request), options),
    [run],
  );
  return { send, sendOnline, pending };
}
