import type { UserRow } from './user-store';

/** What the API may say about a user: never the row itself, so no hash can leak. */
export interface UserView {
  user_id: string;
  full_name: string;
  phone: string;
  payment_status: boolean;
  /** The same as payment_status: the name the spec's screens use. */
  subscribed: boolean;
  /** Shows the console link; the server checks the role on every admin field anyway. */
  is_admin: boolean;
  /** GST state code for the place of supply on tax invoices, when the learner gave it. */
  state_code: string | null;
}

/** The columns of a user row that the view is made of. */
export type PresentedUserRow = Pick<
  UserRow,
  'user_id' | 'full_name' | 'phone' | 'payment_status' | 'role' | 'state_code'
>;

/**
 * The JSON schema of a UserView, for the plain GET routes that send one (progress/learner-routes.ts):
 * Fastify serialises a described answer several times faster than JSON.stringify, and
 * sends only what is described. A test holds it to the view (http/view-schemas.test.ts).
 */
export const userViewSchema = {
  type: 'object',
  properties: {
    user_id: { type: 'string' },
    full_name: { type: 'string' },
    phone: { type: 'string' },
    payment_status: { type: 'boolean' },
    subscribed: { type: 'boolean' },
    is_admin: { type: 'boolean' },
    state_code: { type: ['string', 'null'] },
  },
  required: ['user_id', 'full_name', 'phone', 'payment_status', 'subscribed', 'is_admin', 'state_code'],
} as const;

export function presentUser(row: PresentedUserRow): UserView {
  return {
    user_id: row.user_id,
    full_name: row.full_name,
    phone: row.phone,
    payment_status: row.payment_status === 1,
    subscribed: row.payment_status === 1,
    is_admin: row.role === 'admin',
    state_code: row.state_code,
  };
}
