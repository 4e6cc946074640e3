import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { waitFor } from '../test/server-process';
import { MAIL_RETENTION_MS, WEBHOOK_ID_RETENTION_MS, purgeExpired } from './maintenance';
import { startScheduler, type PeriodicJob } from './scheduler';

let t: TestApp;
let jobs = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const row = (name: string) =>
  t.services.db.selectFrom('job_schedule').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

function job(run: PeriodicJob['run'], overrides: Partial<PeriodicJob> = {}): PeriodicJob {
  jobs += 1;
  return { name: `test-job-${jobs}`, intervalMs: 60_000, leaseMs: 60_000, run, ...overrides };
}

describe('the job scheduler', () => {
  it('runs a due job once and moves its due time one interval on', async () => {
    let runs = 0;
    const once = job(async () => {
      runs += 1;
    });
    const scheduler = await startScheduler({ db: t.services.db, log: t.app.log, jobs: [once], tickMs: 20 });
    await waitFor('the run to be recorded', async () => ((await row(once.name)).runs === 1 ? true : undefined));
    const after = await row(once.name);
    await scheduler.stop();
    expect(runs).toBe(1);
    expect(after.lease_holder).toBeNull();
    expect(after.next_run_at).toBeGreaterThan(Date.now() + 50_000);
  });

  it('takes over a job whose server died holding it, once the lease has run out', async () => {
    let ranAt = 0;
    const orphan = job(async () => {
      ranAt = Date.now();
    });
    const leaseEnds = Date.now() + 300;
    await t.services.db
      .insertInto('job_schedule')
      .values({
        name: orphan.name,
        next_run_at: 0,
        lease_holder: 'a-dead-server',
        lease_expires_at: leaseEnds,
        runs: 0,
      })
      .execute();
    const scheduler = await startScheduler({ db: t.services.db, log: t.app.log, jobs: [orphan], tickMs: 20 });
    await waitFor('the takeover', async () => (ranAt ? true : undefined));
    await scheduler.stop();
    expect(ranAt).toBeGreaterThanOrEqual(leaseEnds);
    expect((await row(orphan.name)).runs).toBe(1);
  });

  it('does not start a job another server holds', async () => {
    let ran = false;
    const held = job(async () => {
      ran = true;
    });
    await t.services.db
      .insertInto('job_schedule')
      .values({
        name: held.name,
        next_run_at: 0,
        lease_holder: 'another-server',
        lease_expires_at: Date.now() + 60_000,
        runs: 0,
      })
      .execute();
    let ticks = 0;
    const scheduler = await startScheduler({
      db: t.services.db,
      log: t.app.log,
      jobs: [held, job(async () => void (ticks += 1), { intervalMs: 1 })],
      tickMs: 20,
    });
    // A second job that runs every tick shows the scheduler kept looking.
    await waitFor('a few ticks', async () => (ticks >= 5 ? true : undefined));
    await scheduler.stop();
    expect(ran).toBe(false);
  });

  it('interrupts a running job when it stops, and hands the turn back without using it up', async () => {
    let started = false;
    const long = job(
      (signal) =>
        new Promise<void>((resolve) => {
          started = true;
          signal.addEventListener('abort', () => resolve());
        }),
    );
    const scheduler = await startScheduler({ db: t.services.db, log: t.app.log, jobs: [long], tickMs: 20 });
    await waitFor('the job to start', async () => (started ? true : undefined));
    await scheduler.stop();
    const after = await row(long.name);
    expect(after.lease_holder).toBeNull();
    expect(after.lease_expires_at).toBe(0);
    expect(after.next_run_at).toBeLessThanOrEqual(Date.now());
  });

  it('stops a run whose lease another server has taken', async () => {
    let interrupted = false;
    const long = job(
      (signal) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            interrupted = true;
            resolve();
          });
        }),
      { leaseMs: 90 },
    );
    const scheduler = await startScheduler({ db: t.services.db, log: t.app.log, jobs: [long], tickMs: 20 });
    await waitFor('the job to hold its lease', async () => ((await row(long.name)).lease_holder ? true : undefined));
    await t.services.db
      .updateTable('job_schedule')
      .set({ lease_holder: 'usurper' })
      .where('name', '=', long.name)
      .execute();
    await waitFor('the run to notice', async () => (interrupted ? true : undefined));
    await scheduler.stop();
  });

  it('logs a failing job and still moves on to its next due time', async () => {
    const failing = job(async () => {
      throw new Error('sweep exploded');
    });
    const scheduler = await startScheduler({ db: t.services.db, log: t.app.log, jobs: [failing], tickMs: 20 });
    await waitFor('the failed run', async () => ((await row(failing.name)).runs === 1 ? true : undefined));
    await scheduler.stop();
    expect(t.logs.some((line) => line.includes('job failed') && line.includes('sweep exploded'))).toBe(true);
    expect((await row(failing.name)).next_run_at).toBeGreaterThan(Date.now());
  });
});

describe('the clean-up', () => {
  it('deletes expired and idle sessions, webhook ids older than 30 days and spent throttle rows, and nothing else', async () => {
    const now = Date.now();
    const policy = { idleTimeoutMs: 3_600_000 };
    const { id: userRef } = await t.services.db
      .insertInto('app_user')
      .values({
        id: `purge-${now}`,
        user_id: `purge.${now}@example.com`,
        password_hash: 'x',
        full_name: 'P',
        phone: '9876543210',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = (token: string, lastSeen: number, expires: number) => ({
      token_hash: `${token}-${now}`,
      user_ref: userRef,
      created_at: now - 10,
      last_seen_at: lastSeen,
      expires_at: expires,
    });
    await t.services.db
      .insertInto('user_session')
      .values([
        session('live', now, now + 3_600_000),
        session('expired', now, now - 1),
        session('idle', now - policy.idleTimeoutMs - 1, now + 3_600_000),
      ])
      .execute();
    await t.services.db
      .insertInto('webhook_event')
      .values([
        { event_id: `evt_old_${now}`, event: 'order.paid', received_at: now - WEBHOOK_ID_RETENTION_MS - 1 },
        { event_id: `evt_new_${now}`, event: 'order.paid', received_at: now - 1000 },
      ])
      .execute();
    await t.services.db
      .insertInto('rate_limit')
      .values([
        { key: `spent-${now}`, points: 3, expire: now - 1 },
        { key: `live-${now}`, points: 3, expire: now + 60_000 },
      ])
      .execute();

    await t.services.db
      .insertInto('password_reset')
      .values([
        { token_hash: `spent-${now}`, user_ref: userRef, created_at: now - 1, expires_at: now - 1, used_at: null },
        { token_hash: `live-${now}`, user_ref: userRef, created_at: now, expires_at: now + 60_000, used_at: null },
      ])
      .execute();
    const mail = (id: string, status: 'sent' | 'pending', createdAt: number) => ({
      id: `${id}-${now}`,
      kind: 'welcome',
      to_address: 'p@example.com',
      user_ref: userRef,
      data: '{}',
      subject: null,
      status,
      attempts: 0,
      next_attempt_at: createdAt,
      last_error: null,
      created_at: createdAt,
      sent_at: null,
    });
    await t.services.db
      .insertInto('mail_outbox')
      .values([
        mail('old-sent', 'sent', now - MAIL_RETENTION_MS - 1),
        mail('old-pending', 'pending', now - MAIL_RETENTION_MS - 1),
        mail('new-sent', 'sent', now),
      ])
      .execute();

    expect(await purgeExpired(t.services.db, policy, now)).toEqual({
      sessions: 2,
      webhookEvents: 1,
      rateLimitRows: 1,
      resetLinks: 1,
      mails: 1,
    });
    const mails = await t.services.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('user_ref', '=', userRef)
      .orderBy('id')
      .execute();
    expect(mails).toEqual([{ id: `new-sent-${now}` }, { id: `old-pending-${now}` }]);
    const sessions = await t.services.db
      .selectFrom('user_session')
      .select('token_hash')
      .where('user_ref', '=', userRef)
      .execute();
    expect(sessions).toEqual([{ token_hash: `live-${now}` }]);
    const events = await t.services.db
      .selectFrom('webhook_event')
      .select('event_id')
      .where('event_id', 'like', `%_${now}`)
      .execute();
    expect(events).toEqual([{ event_id: `evt_new_${now}` }]);
    const limits = await t.services.db
      .selectFrom('rate_limit')
      .select('key')
      .where('key', 'like', `%-${now}`)
      .execute();
    expect(limits).toEqual([{ key: `live-${now}` }]);
  });
});
