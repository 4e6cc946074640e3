import { gql } from './graphql';
import { USER_FIELDS, type SessionUser } from './session';

export interface Receipt {
  /** EHC-000042 */
  number: string;
  paid_at: string;
  /** In paise. */
  amount: number;
  currency: string;
  payment_id: string;
  method: string | null;
  refunded_at: string | null;
  /** Each refund, partial ones too; a credit note number when the receipt is a tax invoice. */
  refunds: { amount: number; refunded_at: string; credit_note: string | null }[];
  item: string;
  tax_line: string;
  /** Present when the receipt is a GST tax invoice. Amounts in paise. */
  tax_invoice: {
    gstin: string;
    place_of_supply: string;
    place_from_learner: boolean;
    sac: string;
    rate_percent: number;
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
  } | null;
  seller: {
    legal_name: string;
    address: string;
    support_email: string;
    support_phone: string | null;
    gstin: string | null;
  };
  buyer: { name: string; email: string; phone: string };
}

export interface SignedInDevice {
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

export interface Account {
  user: Pick<SessionUser, 'user_id' | 'full_name' | 'phone' | 'payment_status'>;
  created_at: string;
  /** Whether the learner used the link of their welcome email. */
  email_confirmed: boolean;
  /** Newest first. */
  receipts: Pick<Receipt, 'number' | 'paid_at' | 'amount' | 'currency' | 'refunded_at'>[];
  sessions: SignedInDevice[];
}

const RECEIPT_FIELDS = `number paid_at amount currency payment_id method refunded_at refunds { amount refunded_at credit_note } item tax_line
  tax_invoice { gstin place_of_supply place_from_learner sac rate_percent taxable cgst sgst igst }
  seller { legal_name address support_email support_phone gstin } buyer { name email phone }`;

export async function fetchAccount(): Promise<Account> {
  const data = await gql<{ account: Account }>(
    'GetAccount',
    `query GetAccount { account {
      user { user_id full_name phone payment_status } created_at email_confirmed
      receipts { number paid_at amount currency refunded_at }
      sessions { created_at last_seen_at current }
    } }`,
  );
  return data.account;
}

export async function fetchReceipt(number: string): Promise<Receipt | null> {
  const data = await gql<{ receipt: Receipt | null }>(
    'GetReceipt',
    `query GetReceipt($number: String!) { receipt(number: $number) { ${RECEIPT_FIELDS} } }`,
    { number },
  );
  return data.receipt;
}

/** Everything the server stores about the learner, as the JSON text it sends. */
export async function fetchMyData(): Promise<string> {
  const data = await gql<{ myData: string }>('GetMyData', 'query GetMyData { myData }');
  return data.myData;
}

export async function requestPasswordReset(email: string): Promise<void> {
  await gql(
    'RequestPasswordReset',
    'mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }',
    {
      email,
    },
  );
}

/** Sets a new password from a reset link; the server signs this browser in and returns the learner. */
export async function resetPassword(token: string, password: string, confirmPassword: string): Promise<SessionUser> {
  const data = await gql<{ resetPassword: SessionUser }>(
    'ResetPassword',
    `mutation ResetPassword($token: String!, $password: String!, $confirm: String!) {
      resetPassword(token: $token, password: $password, confirm_password: $confirm) { ${USER_FIELDS} }
    }`,
    { token, password, confirm: confirmPassword },
  );
  return data.resetPassword;
}

export async function updateProfile(fullName: string, phone: string, stateCode: string): Promise<SessionUser> {
  const data = await gql<{ updateProfile: SessionUser }>(
    'UpdateProfile',
    `mutation UpdateProfile($name: String!, $phone: String!, $state: String) {
      updateProfile(full_name: $name, phone: $phone, state_code: $state) { ${USER_FIELDS} }
    }`,
    { name: fullName, phone, state: stateCode },
  );
  return data.updateProfile;
}

export async function changePassword(input: {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}): Promise<void> {
  await gql(
    'ChangePassword',
    `mutation ChangePassword($current: String!, $password: String!, $confirm: String!) {
      changePassword(current_password: $current, password: $password, confirm_password: $confirm)
    }`,
    { current: input.currentPassword, password: input.password, confirm: input.confirmPassword },
  );
}

/** Ends every other session of the learner; returns how many ended. */
export async function logoutOtherSessions(): Promise<number> {
  const data = await gql<{ logoutOtherSessions: number }>(
    'LogoutOtherSessions',
    'mutation LogoutOtherSessions { logoutOtherSessions }',
  );
  return data.logoutOtherSessions;
}

export async function deleteAccount(password: string, confirmation: string): Promise<void> {
  await gql(
    'DeleteAccount',
    'mutation DeleteAccount($password: String!, $confirmation: String!) { deleteAccount(password: $password, confirmation: $confirmation) }',
    { password, confirmation },
  );
}

export async function resendEmailConfirmation(): Promise<void> {
  await gql('ResendEmailConfirmation', 'mutation ResendEmailConfirmation { resendEmailConfirmation }');
}
