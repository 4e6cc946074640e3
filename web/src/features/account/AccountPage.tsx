import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingScreen } from '../../components/LoadingScreen';
import { fetchAccount, type Account } from '../../lib/account-api';
import { useSession, useSignedInUser, type SessionUser } from '../../lib/session';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DashboardHeader } from '../dashboard/DashboardHeader';
import { buttonStyles } from '../../components/button-styles';
import { AccountSection } from './AccountSection';
import { AccountSummary } from './AccountSummary';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { DownloadMyData } from './DownloadMyData';
import { EmailConfirmation } from './EmailConfirmation';
import { EvidenceSetting } from './EvidenceSetting';
import { ProfileForm } from './ProfileForm';
import { ReceiptList } from './ReceiptList';
import { SignedInDevices } from './SignedInDevices';
import { SiteFooter } from '../../components/SiteFooter';

export const ACCOUNT_DELETED_NOTICE = 'Your account has been deleted.';

/** `/account`: the learner's details, password, devices, receipts, data and deletion. */
export function AccountPage() {
  const queryClient = useQueryClient();
  useDocumentTitle('Your account · Ethical Hacking Course');
  const user = useSignedInUser();
  const account = useQuery({ queryKey: queryKeys.account(user.user_id), queryFn: fetchAccount });

  return (
    <div className="min-h-dvh">
      <DashboardHeader />
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
        <Link
          to="/dashboard"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-emerald-300 underline-offset-4 hover:underline"
        >
          ← Back to Dashboard
        </Link>
        <h1 className="mt-2 text-2xl font-extrabold text-white sm:text-3xl">Your account</h1>
        {account.status === 'pending' && <LoadingScreen />}
        {account.status === 'error' && <ErrorPanel onRetry={() => void account.refetch()} />}
        {account.status === 'success' && (
          <AccountSections
            account={account.data}
            user={user}
            onChange={(changed) => queryClient.setQueryData(queryKeys.account(user.user_id), changed)}
          />
        )}
      </main>
      {/* Help, the refund policy and the terms, on signed-in pages too. */}
      <SiteFooter />
    </div>
  );
}

interface AccountSectionsProps {
  account: Account;
  user: SessionUser;
  onChange(account: Account): void;
}

function AccountSections({ account, user, onChange }: AccountSectionsProps) {
  const { setUser, forgetSession } = useSession();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  function keepOnlyThisDevice() {
    onChange({ ...account, sessions: account.sessions.filter((device) => device.current) });
  }

  function profileSaved(updated: SessionUser) {
    setUser(updated);
    onChange({ ...account, user: { ...account.user, full_name: updated.full_name, phone: updated.phone } });
  }

  return (
    <div className="mt-6 space-y-6">
      <AccountSection title="Your details">
        <AccountSummary account={account} />
      </AccountSection>

      <AccountSection title="Email address">
        <EmailConfirmation email={account.user.user_id} confirmed={account.email_confirmed} />
      </AccountSection>

      <AccountSection
        title="Edit name and phone"
        intro="Certificates already issued keep the name they were issued with; new certificates use the name saved here."
      >
        <ProfileForm user={user} onSaved={profileSaved} />
      </AccountSection>

      <AccountSection title="Change password" intro="Changing it signs you out on every other device.">
        <ChangePasswordForm onChanged={keepOnlyThisDevice} />
      </AccountSection>

      <AccountSection
        title="Devices signed in"
        intro="Lost a phone or used a shared computer? Sign out everywhere except here."
      >
        <SignedInDevices devices={account.sessions} onOthersSignedOut={keepOnlyThisDevice} />
      </AccountSection>

      <AccountSection
        title="Evidence on your certificates"
        intro="Anyone with a certificate's link can see what you choose to show. Off until you turn it on."
      >
        <EvidenceSetting />
      </AccountSection>

      <AccountSection title="Receipts">
        <ReceiptList receipts={account.receipts} />
      </AccountSection>

      <AccountSection
        title="Your data"
        intro="A copy of everything we store about you: your account, progress, payments, certificates and emails."
      >
        <DownloadMyData />
      </AccountSection>

      <AccountSection
        title="Delete my account"
        tone="danger"
        intro="Deletes your details and progress and revokes your certificates. You will be asked to confirm."
      >
        <button type="button" onClick={() => setDeleting(true)} className={buttonStyles.danger}>
          Delete my account
        </button>
      </AccountSection>

      {deleting && (
        <DeleteAccountDialog
          onCancel={() => setDeleting(false)}
          onDeleted={() => {
            forgetSession(ACCOUNT_DELETED_NOTICE);
            navigate('/', { replace: true });
          }}
        />
      )}
    </div>
  );
}
