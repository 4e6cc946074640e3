import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Env } from '../lib/env';
import type { Budget } from '../lib/rate-limits';
import type { ResetDeps } from '../modules/account/password-reset';
import type { AuthDeps } from '../modules/auth/auth-service';
import type { BillingServices } from '../modules/billing/billing-deps';
import type { Catalogue } from '../modules/courses/catalogue';
import type { CredentialIssuer } from '../modules/credentials/credential-service';
import type { LegalPages } from '../modules/legal/legal-pages';
import type { BusinessSettings } from '../modules/settings/business-settings';
import type { UserRow } from '../modules/users/user-store';

export interface SessionState {
  user: UserRow;
  tokenHash: string;
}

/**
 * What resolvers may use of the server's services. The app's `Services` (services.ts) has
 * all of it and more; a resolver that needs something else adds it here, on purpose.
 */
export interface ResolverServices extends BillingServices {
  env: Env;
  db: Kysely<Database>;
  auth: AuthDeps;
  catalogue: Catalogue;
  passwordReset: ResetDeps;
  /** The seller's settings in force (read from the database each time: any server may have saved them). */
  settings(): Promise<BusinessSettings>;
  /** Terms, privacy, refunds and contact pages, rendered at boot (modules/legal). */
  legal: LegalPages;
  /** Signs certificates as Open Badges credentials; publishes the keys and status lists (modules/credentials). */
  credentials: CredentialIssuer;
  /** Certificate lookups (/verify) per client IP: ids must not be cheap to probe. */
  verifyLookups: Budget;
  /** Confirmation emails a learner may ask for again, per hour (modules/account/email-confirmation.ts). */
  confirmationEmails: Budget;
  /** Per-learner budgets for starting labs and submitting flags (modules/labs). */
  labLimits: { starts: Budget; flags: Budget };
}

/** Built per request: the session user (or null) and the services resolvers call. */
export interface GraphQLContext {
  request: FastifyRequest;
  reply: FastifyReply;
  session: SessionState | null;
  services: ResolverServices;
}
