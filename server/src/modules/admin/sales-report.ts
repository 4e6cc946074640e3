import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY_MS, IST_OFFSET_MS, istDayRange } from './ist-days';

export interface SalesDayView {
  date: string;
  signups: number;
  paid: number;
  revenue: number;
  refunds: number;
}

export interface SalesView {
  from: string;
  to: string;
  signups: number;
  paid_learners: number;
  revenue: number;
  refunds: number;
  conversion_percent: number;
  days: SalesDayView[];
}

/** The IST day number of a millisecond column, computed by the database (integer division on both). */
function istDayNumber(column: string) {
  return sql<number>`(${sql.ref(column)} + ${sql.lit(IST_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
}

const dayName = (dayNumber: number) => new Date(Number(dayNumber) * DAY_MS).toISOString().slice(0, 10);

/**
 * Sign-ups, sales and refunds per IST day over an inclusive range of days (amounts in
 * paise). A sale is a payment captured that day (`paid` counts them, `revenue` sums them,
 * before refunds); `refunds` sums the payments refunded in full that day. Duplicate
 * payments are not sales: they were returned automatically. Conversion: of the learners
 * who signed up in the range, the share who paid within it, so a closed range's figure
 * does not drift as later payments arrive.
 */
export async function salesReport(db: Kysely<Database>, from: string, to: string): Promise<SalesView> {
  const { startMs, endMs, days } = istDayRange(from, to);
  const [signups, sales, refunds, learners, converted] = await Promise.all([
    db
      .selectFrom('app_user')
      .select([istDayNumber('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('count')])
      .where('created_at', '>=', startMs)
      .where('created_at', '<', endMs)
      .groupBy(istDayNumber('created_at'))
      .execute(),
    db
      .selectFrom('payment')
      .select([
        istDayNumber('captured_at').as('day'),
        (eb) => eb.fn.countAll<number>().as('count'),
        (eb) => eb.fn.sum<number>('amount').as('amount'),
      ])
      .where('captured_at', '>=', startMs)
      .where('captured_at', '<', endMs)
      .groupBy(istDayNumber('captured_at'))
      .execute(),
    // Every refund counts, partial ones too, on the day the money went back.
    db
      .selectFrom('payment_refund')
      .select([istDayNumber('refunded_at').as('day'), (eb) => eb.fn.sum<number>('amount').as('amount')])
      .where('refunded_at', '>=', startMs)
      .where('refunded_at', '<', endMs)
      .groupBy(istDayNumber('refunded_at'))
      .execute(),
    db
      .selectFrom('payment')
      .select((eb) => eb.fn.count<number>('user_ref').distinct().as('count'))
      .where('captured_at', '>=', startMs)
      .where('captured_at', '<', endMs)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('app_user')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '>=', startMs)
      .where('created_at', '<', endMs)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('payment')
            .select('payment.payment_id')
            .whereRef('payment.user_ref', '=', 'app_user.id')
            .where('payment.captured_at', '<', endMs),
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);

  const byDay = new Map<string, SalesDayView>(
    days.map((date) => [date, { date, signups: 0, paid: 0, revenue: 0, refunds: 0 }]),
  );
  for (const row of signups) byDay.get(dayName(row.day))!.signups = Number(row.count);
  for (const row of sales) {
    const day = byDay.get(dayName(row.day))!;
    day.paid = Number(row.count);
    day.revenue = Number(row.amount);
  }
  for (const row of refunds) byDay.get(dayName(row.day))!.refunds = Number(row.amount);

  const list = [...byDay.values()];
  const total = (key: 'signups' | 'revenue' | 'refunds') => list.reduce((sum, day) => sum + day[key], 0);
  const signupCount = total('signups');
  return {
    from,
    to,
    signups: signupCount,
    paid_learners: Number(learners.count),
    revenue: total('revenue'),
    refunds: total('refunds'),
    conversion_percent: signupCount === 0 ? 0 : Math.round((Number(converted.count) / signupCount) * 1000) / 10,
    days: list,
  };
}
