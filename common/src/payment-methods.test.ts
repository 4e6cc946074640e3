import { describe, expect, it } from 'vitest';
import { paymentMethodName } from './payment-methods';

describe('paymentMethodName', () => {
  it('names the methods Razorpay reports, in any case, and the simulated gateway', () => {
    expect(paymentMethodName('upi')).toBe('UPI');
    expect(paymentMethodName('NetBanking')).toBe('Net banking');
    expect(paymentMethodName('paylater')).toBe('Pay later');
    expect(paymentMethodName('simulated')).toBe('Test payment (simulated gateway)');
  });

  it('shows a method it does not know as the gateway sent it', () => {
    expect(paymentMethodName('cardless_emi')).toBe('cardless_emi');
    expect(paymentMethodName('constructor')).toBe('constructor');
  });
});
