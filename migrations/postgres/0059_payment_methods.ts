import { type Kysely, sql } from 'kysely';

// Frozen once landed. PostgreSQL counterpart of migrations/0059_payment_methods.ts: how a payment
// is paid (card, trans, vbank) and the virtual account issued for a vbank payment.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE payments ADD COLUMN f_pay_method TEXT COLLATE "C" NOT NULL DEFAULT 'card'
      CHECK (f_pay_method IN ('card', 'trans', 'vbank'))
  `.execute(db);
  for (const column of ['f_vbank_name', 'f_vbank_num', 'f_vbank_holder', 'f_vbank_due']) {
    await sql`ALTER TABLE payments ADD COLUMN ${sql.raw(column)} TEXT COLLATE "C"`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['f_vbank_due', 'f_vbank_holder', 'f_vbank_num', 'f_vbank_name', 'f_pay_method']) {
    await sql`ALTER TABLE payments DROP COLUMN ${sql.raw(column)}`.execute(db);
  }
}
