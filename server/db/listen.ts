import pg from 'pg';

/** A listener on one PostgreSQL notification channel; `close` stops it. */
export interface ChannelListener {
  close: () => Promise<void>;
}

/** How long a listener whose connection dropped waits before it connects again. */
const RECONNECT_MS = 1_000;

/**
 * Listens on `channel` (LISTEN) with a connection of its own, outside the pool: a listening
 * connection must stay open, and the pool's are lent to one transaction at a time. Each
 * NOTIFY's payload goes to `onMessage`, delivered when the notifying transaction commits (never
 * for one rolled back). A dropped connection (a restart, a failover) is reported to `onError` and
 * opened again; what was notified meanwhile is lost, so a listener must only speed up work that
 * happens anyway (a job's next tick).
 */
export async function listenOnChannel({
  url,
  channel,
  onMessage,
  onError = () => {},
}: {
  url: string;
  channel: string;
  onMessage: (payload: string) => void;
  onError?: (error: Error) => void;
}): Promise<ChannelListener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', (error) => {
      onError(error);
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  const connectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      if (closed) return;
      connect().catch((error: Error) => {
        onError(error);
        connectLater();
      });
    }, RECONNECT_MS);
    retry.unref();
  };
  const reconnect = (dropped: pg.Client) => {
    if (closed || client !== dropped) return;
    client = null;
    dropped.removeAllListeners('end');
    void dropped.end().catch(() => undefined);
    connectLater();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      if (open) {
        open.removeAllListeners('end');
        await open.end().catch(() => undefined);
      }
    },
  };
}
