import { type Kysely, sql } from 'kysely';

// Frozen once landed. PostgreSQL counterpart of migrations/0030_map_changes.ts: which map_sites
// rows changed, one row per site with the number of its latest change, for the server's
// in-memory copy (server/map/map.mirror.ts), which reads "what changed since n".
//
// That read is only right if a number, once a reader has seen a higher one, never appears
// later: the reason the feed's versions are stamped at commit (0021_4_sync.ts, docs/sync.md).
// The same here: a change is written with a provisional number (2^52 plus one from the
// sequence: above every real number, and unique like SQLite's), and a deferred constraint
// trigger, at commit, takes sync_clock's row lock (as the feed's stamping does: the last lock
// a transaction takes, held until its commit is visible) and gives the transaction's rows their
// real numbers from the same sequence. Numbers thus become visible in order.

const PROVISIONAL = '4503599627370496';

/** A trigger and its function, both called `name`. */
function trigger(name: string, on: string, body: string): string[] {
  return [
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
    ${body}
    RETURN NULL;
    END $$`,
    `CREATE TRIGGER ${name} AFTER ${on} FOR EACH ROW EXECUTE FUNCTION ${name}()`,
  ];
}

const statements = [
  'CREATE TABLE map_changes (f_idx BIGINT PRIMARY KEY, f_seq BIGINT NOT NULL)',
  'CREATE UNIQUE INDEX map_changes_seq ON map_changes (f_seq)',
  'CREATE SEQUENCE map_changes_numbers',
  `CREATE FUNCTION map_change(site bigint) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO map_changes (f_idx, f_seq) VALUES (site, ${PROVISIONAL} + nextval('map_changes_numbers'))
      ON CONFLICT (f_idx) DO UPDATE SET f_seq = excluded.f_seq;
    END $$`,
  ...trigger('map_changes_insert', 'INSERT ON map_sites', 'PERFORM map_change(NEW.f_idx);'),
  ...trigger(
    'map_changes_update',
    'UPDATE ON map_sites',
    `PERFORM map_change(NEW.f_idx);
    IF OLD.f_idx <> NEW.f_idx THEN PERFORM map_change(OLD.f_idx); END IF;`,
  ),
  ...trigger('map_changes_delete', 'DELETE ON map_sites', 'PERFORM map_change(OLD.f_idx);'),
  // At commit: every provisional row this transaction wrote (the others' are not visible to it)
  // gets its real number. Runs once per such row; after the first run there is nothing left.
  `CREATE FUNCTION map_changes_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM sync_clock WHERE id = 1 FOR UPDATE;
      UPDATE map_changes SET f_seq = nextval('map_changes_numbers') WHERE f_seq >= ${PROVISIONAL};
      RETURN NULL;
    END $$`,
  `CREATE CONSTRAINT TRIGGER map_changes_stamp AFTER INSERT OR UPDATE ON map_changes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.f_seq >= ${PROVISIONAL})
    EXECUTE FUNCTION map_changes_stamp()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
