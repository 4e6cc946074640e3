import { normalizeIndianMobile } from '@ehc/common';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseReceiptLabel } from '../billing/receipts';
import { presentSummary, type AdminLearnerSummaryView } from './learner-view';

export const SEARCH_LIMIT = 20;
const QUERY_MAX_LENGTH = 254;

/**
 * Finds learners by what a support request quotes: part of an email or of a name (any
 * case), a phone number or its last digits, or an exact id from a receipt, an email or the dashboard of Razorpay: order,
 * payment (also a duplicate one), certificate, receipt number or account id. Exact-id
 * matches come first. Deleted accounts have no email or phone left, so only ids find
 * them (their placeholder email would otherwise match "deleted"). At most 20.
 */
export async function findLearners(db: Kysely<Database>, query: string): Promise<AdminLearnerSummaryView[]> {
  const text = query.trim();
  if (text === '' || text.length > QUERY_MAX_LENGTH) return [];

  const byId = await idMatches(db, text);
  const byContact = await contactMatches(db, text);
  const ordered = [...new Set([...byId, ...byContact])].slice(0, SEARCH_LIMIT);
  if (ordered.length === 0) return [];
  const rows = await db.selectFrom('app_user').selectAll().where('id', 'in', ordered).execute();
  const byRef = new Map(rows.map((row) => [row.id, row]));
  return ordered.flatMap((id) => {
    const row = byRef.get(id);
    return row ? [presentSummary(row)] : [];
  });
}

async function idMatches(db: Kysely<Database>, text: string): Promise<string[]> {
  const receiptNumber = parseReceiptLabel(text.toUpperCase());
  const lookups = [
    db.selectFrom('app_user').select('id as user_ref').where('id', '=', text),
    db.selectFrom('payment_order').select('user_ref').where('order_id', '=', text),
    db.selectFrom('payment').select('user_ref').where('payment_id', '=', text),
    db.selectFrom('duplicate_payment').select('user_ref').where('payment_id', '=', text),
    // Ids are printed in capitals; a reader typing them in lower case still finds them.
    db.selectFrom('certificate').select('user_ref').where('certificate_id', 'in', [text, text.toUpperCase()]),
    ...(receiptNumber === null
      ? []
      : [db.selectFrom('payment').select('user_ref').where('receipt_number', '=', receiptNumber)]),
  ];
  const results = await Promise.all(lookups.map((q) => q.execute()));
  return results.flat().map((row) => row.user_ref);
}

async function contactMatches(db: Kysely<Database>, text: string): Promise<string[]> {
  const phone = normalizeIndianMobile(text);
  const fullPhone = /^[6-9]\d{9}$/.test(phone) ? phone : null;
  // "the number ends in 3210": 4 to 9 digits match the end of a phone number.
  const phoneEnd = /^\d{4,9}$/.test(phone) ? phone : null;
  // LIKE wildcards in the query are literal characters of an email or name, not patterns.
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('app_user')
    .select('id')
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb(sql`lower(user_id)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(full_name)`, 'like', sql`${pattern} escape '\\'`),
        ...(fullPhone ? [eb('phone', '=', fullPhone)] : []),
        ...(phoneEnd ? [eb('phone', 'like', `%${phoneEnd}`)] : []),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(SEARCH_LIMIT)
    .execute();
  return rows.map((row) => row.id);
}
