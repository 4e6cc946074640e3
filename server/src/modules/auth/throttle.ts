import { AppError } from '../../lib/errors';

/**
 * Limits failed sign-in and sign-up attempts per email and per client IP over a sliding
 * window. Each attempt reserves its slot *before* the password is checked, so requests
 * running side by side (or aliased fields in one request) cannot all slip past the
 * check; successful and server-side-failed attempts give their slot back.
 */
export interface ThrottleStore {
  /** Records an attempt and returns how many `key` has within the last `windowMs`. */
  add(key: string, windowMs: number, now: number): Promise<number>;
  /** Gives back the most recent attempt of `key`. */
  removeLatest(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

// Bounded so a flood of distinct keys (random emails) cannot exhaust memory.
const MAX_KEYS = 100_000;

/** The default store: this process's memory (one app server). */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly hits = new Map<string, number[]>();

  async add(key: string, windowMs: number, now: number): Promise<number> {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - windowMs);
    recent.push(now);
    // Re-insert so Map order is least-recently-used first, then evict from the front.
    this.hits.delete(key);
    this.hits.set(key, recent);
    if (this.hits.size > MAX_KEYS) {
      const oldest = this.hits.keys().next().value;
      if (oldest !== undefined) this.hits.delete(oldest);
    }
    return recent.length;
  }

  async removeLatest(key: string): Promise<void> {
    this.hits.get(key)?.pop();
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }
}

export interface ThrottleLimits {
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  windowMs: number;
}

export type AuthOperation = 'login' | 'signup';

export class AuthThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly limits: ThrottleLimits,
  ) {}

  /**
   * Runs one attempt of `op` for (email, ip). Throws RATE_LIMITED when either budget is
   * spent. An attempt that fails with an AppError (wrong password, invalid input) keeps
   * its slot; any other outcome returns it.
   */
  async run<T>(op: AuthOperation, email: string, ip: string, attempt: () => Promise<T>): Promise<T> {
    const emailKey = `${op}:email:${email}`;
    const ipKey = `${op}:ip:${ip}`;
    const now = Date.now();
    const [byEmail, byIp] = await Promise.all([
      this.store.add(emailKey, this.limits.windowMs, now),
      this.store.add(ipKey, this.limits.windowMs, now),
    ]);
    const giveBack = () => Promise.all([this.store.removeLatest(emailKey), this.store.removeLatest(ipKey)]);

    if (byEmail > this.limits.maxFailuresPerEmail || byIp > this.limits.maxFailuresPerIp) {
      await giveBack();
      throw AppError.rateLimited();
    }
    try {
      const result = await attempt();
      await giveBack();
      if (op === 'login') await this.store.reset(emailKey);
      return result;
    } catch (error) {
      if (!(error instanceof AppError)) await giveBack();
      throw error;
    }
  }
}
