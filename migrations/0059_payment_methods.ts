import { type Kysely, sql } from 'kysely';

// Frozen once landed. Issue 30: points are paid by card, by real-time bank transfer or into a
// virtual account (PortOne's pay_method card, trans, vbank). A virtual account is issued first
// (the payment stays 'ready') and credited when the deposit is confirmed by the provider: its bank,
// number, holder and due time are kept so the member can find the account again.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE payments ADD COLUMN f_pay_method TEXT NOT NULL DEFAULT 'card'
      CHECK (f_pay_method IN ('card', 'trans', 'vbank'))
  `.execute(db);
  for (const column of ['f_vbank_name', 'f_vbank_num', 'f_vbank_holder', 'f_vbank_due']) {
    await sql`ALTER TABLE payments ADD COLUMN ${sql.raw(column)} TEXT`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['f_vbank_due', 'f_vbank_holder', 'f_vbank_num', 'f_vbank_name', 'f_pay_method']) {
    await sql`ALTER TABLE payments DROP COLUMN ${sql.raw(column)}`.execute(db);
  }
}
