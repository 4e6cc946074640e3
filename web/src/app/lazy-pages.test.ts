import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAZY_PAGES } from '@ehc/common';
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

  it('loads each page from the module the server names in its Link header (common/src/pages.ts)', () => {
    const source = readFileSync(new URL('./lazy-pages.tsx', import.meta.url), 'utf8');
    for (const [name, { module }] of Object.entries(LAZY_PAGES)) {
      const loader = new RegExp(`^\\s*${name}: \\(\\) => import\\('\\.\\./([^']+)'\\),$`, 'm').exec(source);
      expect(loader, name).not.toBeNull();
      expect(`src/${loader![1]}.tsx`, name).toBe(module);
    }
  });
});
