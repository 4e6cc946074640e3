import type { GetAccountQuery, ReceiptFieldsFragment } from '../gql/graphql';
import { gql, graphql, withFragments } from './graphql';
import { UserFields, type SessionUser } from './session';

/**
 * A receipt, as its page prints it: amounts in paise; `tax_invoice` is present when the
 * receipt is a GST tax invoice, and each refund has a credit note number then.
 */
export type Receipt = ReceiptFieldsFragment;

/** The account page: the learner, their receipts (newest first) and signed-in devices. */
export type Account = GetAccountQuery['account'];

export type SignedInDevice = Account['sessions'][number];

const ReceiptFields = graphql(`
  fragment ReceiptFields on Receipt {
    number
    paid_at
    amount
    currency
    payment_id
    method
    refunded_at
    refunds {
      amount
      refunded_at
      credit_note
    }
    item
    tax_line
    tax_invoice {
      gstin
      place_of_supply
      place_from_learner
      sac
      rate_percent
      taxable
      cgst
      sgst
      igst
    }
    seller {
      legal_name
      address
      support_email
      support_phone
      gstin
    }
    buyer {
      name
      email
      phone
    }
  }
`);

const GetAccount = graphql(`
  query GetAccount {
    account {
      user {
        user_id
        full_name
        phone
        payment_status
      }
      created_at
      email_confirmed
      receipts {
        number
        paid_at
        amount
        currency
        refunded_at
      }
      sessions {
        created_at
        last_seen_at
        current
      }
    }
  }
`);

export async function fetchAccount(): Promise<Account> {
  return (await gql(GetAccount)).account;
}

const GetReceipt = withFragments(
  graphql(`
    query GetReceipt($number: String!) {
      receipt(number: $number) {
        ...ReceiptFields
      }
    }
  `),
  ReceiptFields,
);

export async function fetchReceipt(number: string): Promise<Receipt | null> {
  return (await gql(GetReceipt, { number })).receipt;
}

const GetMyData = graphql(`
  query GetMyData {
    myData
  }
`);

/** Everything the server stores about the learner, as the JSON text it sends. */
export async function fetchMyData(): Promise<string> {
  return (await gql(GetMyData)).myData;
}

const RequestPasswordReset = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`);

export async function requestPasswordReset(email: string): Promise<void> {
  await gql(RequestPasswordReset, { email });
}

const ResetPassword = withFragments(
  graphql(`
    mutation ResetPassword($token: String!, $password: String!, $confirm: String!) {
      resetPassword(token: $token, password: $password, confirm_password: $confirm) {
        ...UserFields
      }
    }
  `),
  UserFields,
);

/** Sets a new password from a reset link; the server signs this browser in and returns the learner. */
export async function resetPassword(token: string, password: string, confirmPassword: string): Promise<SessionUser> {
  return (await gql(ResetPassword, { token, password, confirm: confirmPassword })).resetPassword;
}

const UpdateProfile = withFragments(
  graphql(`
    mutation UpdateProfile($name: String!, $phone: String!, $state: String) {
      updateProfile(full_name: $name, phone: $phone, state_code: $state) {
        ...UserFields
      }
    }
  `),
  UserFields,
);

export async function updateProfile(fullName: string, phone: string, stateCode: string): Promise<SessionUser> {
  return (await gql(UpdateProfile, { name: fullName, phone, state: stateCode })).updateProfile;
}

const ChangePassword = graphql(`
  mutation ChangePassword($current: String!, $password: String!, $confirm: String!) {
    changePassword(current_password: $current, password: $password, confirm_password: $confirm)
  }
`);

export async function changePassword(input: {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}): Promise<void> {
  await gql(ChangePassword, {
    current: input.currentPassword,
    password: input.password,
    confirm: input.confirmPassword,
  });
}

const LogoutOtherSessions = graphql(`
  mutation LogoutOtherSessions {
    logoutOtherSessions
  }
`);

/** Ends every other session of the learner; returns how many ended. */
export async function logoutOtherSessions(): Promise<number> {
  return (await gql(LogoutOtherSessions)).logoutOtherSessions;
}

const DeleteAccount = graphql(`
  mutation DeleteAccount($password: String!, $confirmation: String!) {
    deleteAccount(password: $password, confirmation: $confirmation)
  }
`);

export async function deleteAccount(password: string, confirmation: string): Promise<void> {
  await gql(DeleteAccount, { password, confirmation });
}

const ResendEmailConfirmation = graphql(`
  mutation ResendEmailConfirmation {
    resendEmailConfirmation
  }
`);

export async function resendEmailConfirmation(): Promise<void> {
  await gql(ResendEmailConfirmation);
}
