import { describe, expect, it } from 'vitest';
import { pageOfPath } from './lazy-pages';

describe('starting a page early', () => {
  it('knows which page each address opens, as the router does', () => {
    expect(pageOfPath('/')).toBeNull();
    expect(pageOfPath('/dashboard')).toBe('dashboard');
    expect(pageOfPath('/dashboard/premium')).toBe('dashboard');
    expect(pageOfPath('/course/web-application')).toBe('course');
    expect(pageOfPath('/course/web-application/3')).toBe('course');
    expect(pageOfPath('/verify')).toBe('verify');
    expect(pageOfPath('/verify/EHC-CRYPTOGRAPHY-1-ABC')).toBe('verify');
    expect(pageOfPath('/account/receipts/EHC-2026-000001')).toBe('receipt');
    expect(pageOfPath('/refunds')).toBe('legal');
    expect(pageOfPath('/admin/payments')).toBeNull();
    expect(pageOfPath('/no-such-page')).toBeNull();
  });
});
