// The local push service of `npm run bench:push`, in its own process as a real one would be:
// accepts every push (201), keeps the first few bodies so the bench can check one decrypts, and
// answers the bench's 'stats' message over IPC with what it received and when.
import { startPushStub } from '../server/testing/push-stub.ts';

let first = 0;
let last = 0;
let count = 0;
const samples: string[] = [];
const stub = await startPushStub({
  answer: (push) => {
    const now = Date.now();
    if (count === 0) first = now;
    last = now;
    count++;
    if (samples.length < 3) samples.push(push.body.toString('base64'));
    return 201;
  },
  record: false,
});
process.on('message', (msg) => {
  if (msg === 'stats') process.send?.({ count, first, last, samples });
});
process.send?.({ origin: stub.origin });
