import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Work that one app server at a time should do every `intervalMs`. */
export interface PeriodicJob {
  name: string;
  intervalMs: number;
  /**
   * How long a turn lasts without renewal. The running server renews it while it works;
   * if that server dies, another takes the job over once this has passed.
   */
  leaseMs: number;
  /** The signal fires when the server stops or has lost its turn: stop between steps. */
  run(signal: AbortSignal): Promise<void>;
}

export interface SchedulerOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  jobs: PeriodicJob[];
  /** Names this server in the job table; random by default. */
  holder?: string;
  /** How often this server looks for due jobs. Default: half the shortest interval, 0.1–15 s. */
  tickMs?: number;
}

export interface Scheduler {
  /** Stops ticking, interrupts running jobs, waits for them and hands their turns back. */
  stop(): Promise<void>;
}

/**
 * Runs periodic jobs so that, across every server sharing the database, each job runs
 * once per interval and never overlaps itself (docs/decisions/0006). A job's row says
 * when it is next due and who holds it; a server takes a due job with one conditional
 * UPDATE, which on PostgreSQL lets exactly one of several racing servers win and on
 * SQLite is serialised anyway. Finishing moves the due time one interval on.
 */
export async function startScheduler(options: SchedulerOptions): Promise<Scheduler> {
  const { db, log, jobs } = options;
  const holder = options.holder ?? randomUUID();
  const tickMs = options.tickMs ?? Math.min(15_000, Math.max(100, Math.min(...jobs.map((job) => job.intervalMs)) / 2));
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopped = false;

  const now = Date.now();
  for (const job of jobs) {
    await db
      .insertInto('job_schedule')
      .values({ name: job.name, next_run_at: now, lease_holder: null, lease_expires_at: 0, runs: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  async function tick(): Promise<void> {
    for (const job of jobs) {
      if (stopped || running.has(job.name)) continue;
      try {
        if (await claim(job)) start(job);
      } catch (error) {
        // The database may be away for a moment; the next tick tries again.
        log.warn({ err: error, job: job.name }, 'could not check whether a job is due');
      }
    }
  }

  async function claim(job: PeriodicJob): Promise<boolean> {
    const at = Date.now();
    const result = await db
      .updateTable('job_schedule')
      .set({ lease_holder: holder, lease_expires_at: at + job.leaseMs })
      .where('name', '=', job.name)
      .where('next_run_at', '<=', at)
      .where('lease_expires_at', '<=', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  function start(job: PeriodicJob): void {
    const controller = new AbortController();
    const startedAt = Date.now();
    const renew = setInterval(() => {
      db.updateTable('job_schedule')
        .set({ lease_expires_at: Date.now() + job.leaseMs })
        .where('name', '=', job.name)
        .where('lease_holder', '=', holder)
        .executeTakeFirst()
        .then((result) => {
          if (Number(result.numUpdatedRows) === 0) controller.abort(new Error('lost the job lease'));
        })
        .catch((error: unknown) => log.warn({ err: error, job: job.name }, 'could not renew a job lease'));
    }, job.leaseMs / 3);
    renew.unref();

    const done = (async () => {
      let failed = false;
      try {
        await job.run(controller.signal);
      } catch (error) {
        failed = true;
        log.error({ err: error, job: job.name }, 'job failed');
      } finally {
        clearInterval(renew);
      }
      const finishedAt = Date.now();
      // An interrupted run keeps its due time, so another server picks the job up soon.
      const next = controller.signal.aborted ? startedAt : startedAt + job.intervalMs;
      await db
        .updateTable('job_schedule')
        .set((eb) => ({
          next_run_at: next,
          lease_holder: null,
          lease_expires_at: 0,
          runs: eb('runs', '+', 1),
        }))
        .where('name', '=', job.name)
        .where('lease_holder', '=', holder)
        .execute()
        .catch((error: unknown) => log.warn({ err: error, job: job.name }, 'could not hand a job turn back'));
      // Debug level: the mail job alone runs every few seconds.
      log.debug(
        {
          event: 'job_run',
          job: job.name,
          holder,
          startedAt,
          finishedAt,
          failed,
          interrupted: controller.signal.aborted,
        },
        `job ${job.name} ran`,
      );
    })().finally(() => running.delete(job.name));
    running.set(job.name, { controller, done });
  }

  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  void tick();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const { controller } of running.values()) controller.abort(new Error('server stopping'));
      await Promise.all([...running.values()].map((entry) => entry.done));
    },
  };
}
