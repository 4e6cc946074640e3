import { AppError } from '../../lib/errors';
import type { Budget } from '../../lib/rate-limits';

export type AuthOperation = 'login' | 'signup';

/** The two budgets of one operation: failed attempts per email and per client address. */
export interface AuthBudgets {
  email: Budget;
  ip: Budget;
}

/**
 * Limits failed sign-in and sign-up attempts per email and per client IP. Each attempt
 * takes its slot *before* the password is checked, atomically in the shared store, so
 * requests running side by side (or aliased fields in one request, or several app
 * servers) cannot exceed the budget; successful and server-side-failed attempts give
 * their slot back.
 */
export class AuthThrottle {
  constructor(readonly budgets: Record<AuthOperation, AuthBudgets>) {}

  /**
   * Runs one attempt of `op` for (email, ip). Throws RATE_LIMITED when either budget is
   * spent. An attempt that fails with an AppError (wrong password, invalid input) keeps
   * its slot; any other outcome returns it, and a successful sign-in clears the email's.
   */
  async run<T>(op: AuthOperation, email: string, ip: string, attempt: () => Promise<T>): Promise<T> {
    const { email: byEmail, ip: byIp } = this.budgets[op];
    // The address first: an address over its budget is refused before it can add a key
    // for every random email it tries (which could otherwise crowd a memory store).
    if (!(await byIp.take(ip))) throw AppError.rateLimited();
    if (!(await byEmail.take(email))) {
      await byIp.giveBack(ip);
      throw AppError.rateLimited();
    }
    try {
      const result = await attempt();
      await Promise.all([byIp.giveBack(ip), op === 'login' ? byEmail.clear(email) : byEmail.giveBack(email)]);
      return result;
    } catch (error) {
      if (!(error instanceof AppError)) await Promise.all([byIp.giveBack(ip), byEmail.giveBack(email)]);
      throw error;
    }
  }
}
