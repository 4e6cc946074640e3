import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { catalogueQuery, totalLessons } from '../../lib/course-api';
import { useSignedInUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PaymentGate } from './PaymentGate';

/** `/subscription`: the payment screen as a page of its own (paid learners go to the dashboard). */
export function SubscriptionPage() {
  useDocumentTitle('Subscribe · Ethical Hacking Course');
  const user = useSignedInUser();
  const catalogue = useQuery(catalogueQuery);
  // Only a learner who arrives paid is sent away: one who pays here is on the way to
  // /dashboard/premium (useCheckout), and redirecting too would race that navigation.
  const [paidOnArrival] = useState(user.payment_status);
  if (paidOnArrival) return <Navigate to="/dashboard" replace />;
  const lessonCount = catalogue.data ? totalLessons(catalogue.data) : null;
  return <PaymentGate lessonCount={lessonCount} />;
}
