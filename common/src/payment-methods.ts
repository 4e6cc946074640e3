/** What a learner calls each way Razorpay (or the simulated gateway) says they paid. */
const PAYMENT_METHOD_NAMES = new Map([
  ['upi', 'UPI'],
  ['card', 'Card'],
  ['netbanking', 'Net banking'],
  ['wallet', 'Wallet'],
  ['emi', 'EMI'],
  ['paylater', 'Pay later'],
  ['simulated', 'Test payment (simulated gateway)'],
]);

/**
 * A payment method as the receipt page and the receipt email show it: its name, or the
 * gateway's own word for a method it added since.
 */
export function paymentMethodName(method: string): string {
  return PAYMENT_METHOD_NAMES.get(method.toLowerCase()) ?? method;
}
