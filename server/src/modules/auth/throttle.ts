/**
 * Counts failed sign-in and sign-up attempts per key (an email or an IP) over a sliding
 * window. The store is an interface so several app servers can share one later; the
 * default keeps counts in this process.
 */
export interface ThrottleStore {
  /** Failures recorded for `key` within the last `windowMs`. */
  count(key: string, windowMs: number, now: number): Promise<number>;
  record(key: string, now: number): Promise<void>;
  reset(key: string): Promise<void>;
}

// Bounded so a flood of distinct keys (random emails) cannot exhaust memory.
const MAX_KEYS = 100_000;

export class MemoryThrottleStore implements ThrottleStore {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly maxHitsPerKey = 1_000) {}

  async count(key: string, windowMs: number, now: number): Promise<number> {
    const times = this.hits.get(key);
    if (!times) return 0;
    const recent = times.filter((t) => t > now - windowMs);
    if (recent.length === 0) this.hits.delete(key);
    else this.hits.set(key, recent);
    return recent.length;
  }

  async record(key: string, now: number): Promise<void> {
    const times = this.hits.get(key) ?? [];
    times.push(now);
    if (times.length > this.maxHitsPerKey) times.shift();
    // Re-insert so Map order is least-recently-used first, then evict from the front.
    this.hits.delete(key);
    this.hits.set(key, times);
    if (this.hits.size > MAX_KEYS) {
      const oldest = this.hits.keys().next().value;
      if (oldest !== undefined) this.hits.delete(oldest);
    }
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

/** Applies the limits of one auth operation to an (email, IP) pair. */
export class AuthThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly limits: ThrottleLimits,
  ) {}

  async isBlocked(op: AuthOperation, email: string, ip: string, now = Date.now()): Promise<boolean> {
    const [byEmail, byIp] = await Promise.all([
      this.store.count(`${op}:email:${email}`, this.limits.windowMs, now),
      this.store.count(`${op}:ip:${ip}`, this.limits.windowMs, now),
    ]);
    return byEmail >= this.limits.maxFailuresPerEmail || byIp >= this.limits.maxFailuresPerIp;
  }

  async recordFailure(op: AuthOperation, email: string, ip: string, now = Date.now()): Promise<void> {
    await Promise.all([this.store.record(`${op}:email:${email}`, now), this.store.record(`${op}:ip:${ip}`, now)]);
  }

  async clearEmail(op: AuthOperation, email: string): Promise<void> {
    await this.store.reset(`${op}:email:${email}`);
  }
}
