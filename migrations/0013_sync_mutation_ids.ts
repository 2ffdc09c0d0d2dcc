import { type Kysely, sql } from 'kysely';

// Frozen once landed. A mutation's id is looked up among its client's recorded outcomes when it
// arrives under a new number: two tabs of one device without Web Locks may number the same
// queued mutation twice, and the second number must be answered from the first, not applied.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX sync_mutations_mutation ON sync_mutations (client_id, mutation_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sync_mutations_mutation`.execute(db);
}
