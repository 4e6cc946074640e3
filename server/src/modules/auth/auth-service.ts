import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  normalizeEmail,
  normalizeIndianMobile,
  validateCredentials,
  type CredentialsInput,
} from '@ehc/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/errors';
import { queueMail } from '../mail/mail-queue';
import type { UserRow } from '../users/user-store';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { createSession, type IssuedSession, type SessionPolicy } from './session-store';
import type { AuthThrottle } from './throttle';

export interface AuthDeps {
  db: Kysely<Database>;
  throttle: AuthThrottle;
  sessionPolicy: SessionPolicy;
}

export interface SignedIn {
  user: UserRow;
  session: IssuedSession;
}

export interface SignupInput {
  email: string;
  password: string;
  confirmPassword?: string | null;
  fullName?: string | null;
  phone?: string | null;
}

/** Registers a learner (spec §5 rules 1–7) and signs them in. */
export async function signup(deps: AuthDeps, input: SignupInput, ip: string): Promise<SignedIn> {
  const credentials: CredentialsInput = {
    email: input.email,
    password: input.password,
    confirmPassword: input.confirmPassword ?? undefined,
    fullName: input.fullName ?? undefined,
    phone: input.phone ?? undefined,
  };
  const email = normalizeEmail(input.email);
  return deps.throttle.run('signup', email, ip, async () => {
    const problem = validateCredentials('signup', credentials);
    if (problem) throw AppError.validation(problem);

    const now = Date.now();
    const user: UserRow = {
      id: randomUUID(),
      user_id: email,
      password_hash: await hashPassword(input.password),
      full_name: credentials.fullName!.trim(),
      phone: normalizeIndianMobile(credentials.phone!),
      payment_status: 0,
      created_at: now,
      deleted_at: null,
      role: 'learner',
      state_code: null,
      progress_version: 0,
      show_evidence: 0,
      email_confirmed_at: null,
    };
    try {
      // The unique constraint on user_id, not a prior lookup, decides duplicates, so two
      // simultaneous sign-ups with one email cannot both succeed.
      const session = await deps.db.transaction().execute(async (trx) => {
        await trx.insertInto('app_user').values(user).execute();
        // Anyone can type any address here: until its owner confirms it, the email that goes
        // there repeats nothing the sign-up form was given (not the name), and asks to confirm.
        await queueMail(trx, { kind: 'welcome', to: email, userRef: user.id, data: { fullName: '' } }, now);
        return createSession(trx, user.id, deps.sessionPolicy, now);
      });
      return { user, session };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('USER_EXISTS', MESSAGES.userExists);
      throw error;
    }
  });
}

/** Checks an email and password and opens a fresh session (a new token every login). */
export async function login(deps: AuthDeps, emailInput: string, password: string, ip: string): Promise<SignedIn> {
  const email = normalizeEmail(emailInput);
  return deps.throttle.run('login', email, ip, async () => {
    const problem = validateCredentials('login', { email: emailInput, password });
    if (problem) throw AppError.validation(problem);

    const user = await deps.db.selectFrom('app_user').selectAll().where('user_id', '=', email).executeTakeFirst();
    const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
    if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);

    const session = await createSession(deps.db, user.id, deps.sessionPolicy);
    return { user, session };
  });
}
