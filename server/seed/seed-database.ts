import type SQLite from 'better-sqlite3';
import type { FileStorage } from '../adapters/storage.ts';
import { ensureAreas } from '../areas/areas.seed.ts';
import { copyRows } from '../db/copy-rows.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import type { AnyDatabaseHandle } from '../db/open.ts';
import { seedDemoHome } from '../home/home.seed.ts';
import { seedDemo } from './demo.ts';
import { seedDemoPictures } from './demo-pictures.ts';

export interface Seeded {
  /** The demo data was created now (an empty database and demo data asked for). */
  demo: boolean;
  users: number;
  sites: number;
  ads: number;
  pictures: number;
}

/**
 * What `npm start` puts in a database: the area list always, and demo data (members, sites,
 * the home's ads, the sites' pictures) when asked and the database has no member yet.
 *
 * On PostgreSQL the same seeds run on a scratch SQLite database in memory, whose rows are then
 * copied over (server/db/copy-rows.ts; PostgreSQL's triggers write the change feed and the map):
 * the demo data is one program for both databases, and comes out the same.
 */
export async function seedDatabase({
  handle,
  demo,
  demoHome,
  superAdminPhone,
  storage,
  now,
}: {
  handle: AnyDatabaseHandle;
  demo: boolean;
  demoHome: boolean;
  superAdminPhone: string;
  storage: FileStorage;
  now: Date;
}): Promise<Seeded> {
  const seed = (sqlite: SQLite.Database, withDemo: boolean) =>
    seedOn({ sqlite, demo: withDemo, demoHome, superAdminPhone, storage, now });
  if (handle.dialect === 'sqlite') return seed(handle.sqlite, demo);

  const count = async (table: 'users' | 'areas') =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const withDemo = demo && (await count('users')) === 0;
  const needsAreas = (await count('areas')) === 0;
  if (!withDemo && !needsAreas) return { demo: false, users: 0, sites: 0, ads: 0, pictures: 0 };
  const scratch = openDatabase({ file: ':memory:' });
  try {
    await migrateToLatest(scratch.db);
    const seeded = await seed(scratch.sqlite, withDemo);
    // Without demo data only the area list is new; the rest is the migrations' own rows.
    await copyRows({ from: scratch.sqlite, to: handle.db, ...(withDemo ? {} : { only: ['areas'] }) });
    return seeded;
  } finally {
    await scratch.close();
  }
}

async function seedOn({
  sqlite,
  demo,
  demoHome,
  superAdminPhone,
  storage,
  now,
}: {
  sqlite: SQLite.Database;
  demo: boolean;
  demoHome: boolean;
  superAdminPhone: string;
  storage: FileStorage;
  now: Date;
}): Promise<Seeded> {
  ensureAreas({ sqlite });
  const seeded: Seeded = { demo: false, users: 0, sites: 0, ads: 0, pictures: 0 };
  if (!demo) return seeded;
  const result = seedDemo({ sqlite, superAdminPhone, now });
  if (!result.seeded) return seeded;
  Object.assign(seeded, { demo: true, users: result.users, sites: result.sites });
  // Home: the demo home title and ads (generated images), only with demo data just created.
  if (demoHome) seeded.ads = (await seedDemoHome({ sqlite, storage, now })).ads;
  // The demo sites' photos go into the uploads store the way uploads do.
  seeded.pictures = await seedDemoPictures({ sqlite, storage });
  return seeded;
}
