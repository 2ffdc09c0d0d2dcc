import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import {
  endedSessions,
  feedClock,
  membersHoldingSites,
  membersWithFeedAfter,
  sitesChangedAfter,
} from './live.repository.ts';

/** One device's open event stream. */
export interface LiveStream {
  userIdx: number;
  sessionIdx: number;
  /** Something in the member's scope changed: the device should pull. */
  poke: () => void;
  /** The session ended (signed out, another device, a status change): the stream says so and closes. */
  end: () => void;
  /** The server stops (a deploy): the stream closes without a word, and the device comes back later. */
  close: () => void;
}

export interface LiveHub {
  /** Registers an open stream; the answer unregisters it. */
  connect: (stream: LiveStream) => () => void;
  /** Ends every stream and stops watching (a shutdown: the streams would hold the drain open). */
  close: () => void;
  /** Open streams now. */
  count: () => number;
  /** One look at the feed now (tests and the benchmark; the timer does it on its own). */
  look: (options?: { sessions?: boolean }) => Promise<void>;
}

/** A change to more sites than this at once (an import, a restore) pokes every open stream. */
const MAX_SITES_PER_LOOK = 2_000;

/**
 * Live pokes, in one place for every feature: the hub watches the committed change feed (the sync
 * clock), and when it moved, pokes the open streams of the members whose scope the change touched:
 * their own feed rows (a site entering or leaving their scope, likes, memos, notifications, the
 * inbox, conflicts) or the content of a site in their scope. Reading what committed, from the
 * database every instance shares, is what makes it work with several server processes on one
 * PostgreSQL as with one on SQLite: each instance pokes its own streams, and no message between
 * instances can be lost. A look is two index probes when nothing changed. Sessions of open streams
 * are checked on a slower beat: an ended one closes its stream, and the device's next call is
 * answered with why (-7).
 */
export function createLiveHub({
  db,
  clock,
  logger,
  everyMs = 100,
  sessionsEveryMs = 500,
}: {
  db: Db;
  clock: Clock;
  logger: Logger;
  everyMs?: number;
  sessionsEveryMs?: number;
}): LiveHub {
  const byMember = new Map<number, Set<LiveStream>>();
  let open = 0;
  let seen: number | null = null;
  let lastSessionsLook = 0;
  let looking: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const streams = () => [...byMember.values()].flatMap((set) => [...set]);

  const pokeMembers = (userIdxs: Iterable<number>) => {
    for (const userIdx of userIdxs) for (const stream of byMember.get(userIdx) ?? []) stream.poke();
  };

  const lookAtFeed = async () => {
    const version = await feedClock({ db });
    if (seen === null || version <= seen) {
      seen = Math.max(seen ?? version, version);
      return;
    }
    const after = seen;
    seen = version;
    const members = [...byMember.keys()];
    const [own, sites] = await Promise.all([
      membersWithFeedAfter({ db, after, userIdxs: members }),
      sitesChangedAfter({ db, after, limit: MAX_SITES_PER_LOOK }),
    ]);
    const touched = new Set(own);
    if (sites === null) for (const member of members) touched.add(member);
    else if (sites.length > 0) {
      for (const member of await membersHoldingSites({ db, siteIdxs: sites, userIdxs: members }))
        touched.add(member);
    }
    pokeMembers(touched);
  };

  const lookAtSessions = async () => {
    const all = streams();
    const ended = new Set(
      await endedSessions({ db, sessionIdxs: all.map((s) => s.sessionIdx), now: clock.now() }),
    );
    for (const stream of all) if (ended.has(stream.sessionIdx)) stream.end();
  };

  const look = ({ sessions = false }: { sessions?: boolean } = {}): Promise<void> => {
    looking ??= (async () => {
      try {
        if (open === 0) {
          seen = null;
          return;
        }
        await lookAtFeed();
        const now = Date.now();
        if (sessions || now - lastSessionsLook >= sessionsEveryMs) {
          lastSessionsLook = now;
          await lookAtSessions();
        }
      } catch (err) {
        // A closed database at shutdown, a busy moment: the next look tries again.
        logger.warn({ err }, 'live pokes: look failed');
      } finally {
        looking = null;
      }
    })();
    return looking;
  };

  const watch = () => {
    if (timer) return;
    timer = setInterval(() => void look(), everyMs);
    timer.unref();
  };

  return {
    connect: (stream) => {
      let set = byMember.get(stream.userIdx);
      if (!set) {
        set = new Set();
        byMember.set(stream.userIdx, set);
      }
      set.add(stream);
      open += 1;
      watch();
      let connected = true;
      return () => {
        if (!connected) return;
        connected = false;
        open -= 1;
        set.delete(stream);
        if (set.size === 0) byMember.delete(stream.userIdx);
        if (open === 0 && timer) {
          clearInterval(timer);
          timer = null;
          seen = null;
        }
      };
    },
    close: () => {
      if (timer) clearInterval(timer);
      timer = null;
      for (const stream of streams()) stream.close();
      byMember.clear();
      open = 0;
    },
    count: () => open,
    look,
  };
}
