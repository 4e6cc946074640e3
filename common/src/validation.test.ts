import { describe, expect, it } from 'vitest';
import {
  VALIDATION_MESSAGES as M,
  hasForbiddenCharacters,
  normalizeEmail,
  normalizeIndianMobile,
  validateProfile,
  validateCredentials,
  type CredentialsInput,
} from './validation';

const valid: Required<CredentialsInput> = {
  email: 'asha@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  fullName: 'Asha Rao',
  phone: '9876543210',
};

describe('validateCredentials (spec §5)', () => {
  it('accepts a complete sign-up and a login', () => {
    expect(validateCredentials('signup', valid)).toBeNull();
    expect(validateCredentials('login', { email: valid.email, password: valid.password })).toBeNull();
  });

  it.each(['', 'asha', 'asha@example', '@example.com', 'asha@.com', 'as ha@example.com', 'asha@example.'])(
    'rule 1: rejects the email %j',
    (email) => {
      expect(validateCredentials('login', { email, password: 'secret1' })).toBe(M.email);
    },
  );

  it('rule 1: accepts surrounding spaces and rejects an over-long address', () => {
    expect(validateCredentials('login', { email: '  asha@example.com ', password: 'secret1' })).toBeNull();
    expect(validateCredentials('login', { email: `${'a'.repeat(250)}@x.in`, password: 'secret1' })).toBe(M.email);
  });

  it('rule 2: the password needs at least 6 and at most 128 characters', () => {
    expect(validateCredentials('login', { email: valid.email, password: '12345' })).toBe(M.passwordTooShort);
    expect(validateCredentials('login', { email: valid.email, password: '123456' })).toBeNull();
    expect(validateCredentials('login', { email: valid.email, password: 'x'.repeat(128) })).toBeNull();
    expect(validateCredentials('login', { email: valid.email, password: 'x'.repeat(129) })).toBe(M.passwordTooLong);
  });

  it('rule 3: sign-up needs a full name, trimmed', () => {
    expect(validateCredentials('signup', { ...valid, fullName: '   ' })).toBe(M.fullNameRequired);
    expect(validateCredentials('signup', { ...valid, fullName: undefined })).toBe(M.fullNameRequired);
  });

  it('rule 3: a name that is too long or holds control characters is refused', () => {
    expect(validateCredentials('signup', { ...valid, fullName: 'n'.repeat(101) })).toBe(M.fullNameTooLong);
    expect(validateCredentials('signup', { ...valid, fullName: 'Asha\u0000Rao' })).toBe(M.fullNameInvalid);
    expect(validateCredentials('signup', { ...valid, fullName: 'अनन्या शर्मा' })).toBeNull();
    expect(validateCredentials('signup', { ...valid, fullName: "Zoë Ødegård-O'Neil" })).toBeNull();
  });

  it('refuses a NUL or a broken (unpaired) surrogate in any field, with a clear message', () => {
    const loneHigh = '\uD83D';
    const loneLow = '\uDE00';
    expect(validateCredentials('signup', { ...valid, fullName: `Asha ${loneHigh}` })).toBe(M.fullNameInvalid);
    expect(validateCredentials('signup', { ...valid, fullName: `${loneLow} Rao` })).toBe(M.fullNameInvalid);
    expect(validateCredentials('login', { email: `asha${loneHigh}@example.com`, password: 'secret1' })).toBe(M.email);
    expect(validateCredentials('login', { email: 'asha\u0000@example.com', password: 'secret1' })).toBe(M.email);
    expect(validateCredentials('login', { email: valid.email, password: `secret${loneLow}` })).toBe(M.passwordInvalid);
    expect(validateCredentials('login', { email: valid.email, password: 'secret\u0000' })).toBe(M.passwordInvalid);
    // A whole astral character is two surrogates in a row: welcome anywhere.
    expect(
      validateCredentials('signup', {
        ...valid,
        fullName: 'Asha 😀',
        password: 'p😀ssword',
        confirmPassword: 'p😀ssword',
      }),
    ).toBeNull();
  });

  it('rule 4: sign-up needs a phone number', () => {
    expect(validateCredentials('signup', { ...valid, phone: '' })).toBe(M.phoneRequired);
    expect(validateCredentials('signup', { ...valid, phone: '  ' })).toBe(M.phoneRequired);
  });

  it.each(['12345', '5876543210', '98765432101', '98765-4321', 'abcdefghij'])(
    'rule 5: rejects the phone %j',
    (phone) => {
      expect(validateCredentials('signup', { ...valid, phone })).toBe(M.phoneInvalid);
    },
  );

  it.each(['6000000000', '7123456789', '8999999999', '9876543210'])('rule 5: accepts the phone %j', (phone) => {
    expect(validateCredentials('signup', { ...valid, phone })).toBeNull();
  });

  it('rule 6: passwords must match', () => {
    expect(validateCredentials('signup', { ...valid, confirmPassword: 'secret2' })).toBe(M.passwordMismatch);
  });

  it('login ignores the sign-up-only fields', () => {
    expect(validateCredentials('login', { email: valid.email, password: valid.password, phone: 'x' })).toBeNull();
  });

  it('stops at the first failing rule, in the spec order', () => {
    const allWrong = { email: 'bad', password: '1', fullName: '', phone: '1', confirmPassword: 'z' };
    expect(validateCredentials('signup', allWrong)).toBe(M.email);
    expect(validateCredentials('signup', { ...allWrong, email: valid.email })).toBe(M.passwordTooShort);
    expect(validateCredentials('signup', { ...allWrong, email: valid.email, password: 'secret1' })).toBe(
      M.fullNameRequired,
    );
    const named = { ...allWrong, email: valid.email, password: 'secret1', fullName: 'Asha' };
    expect(validateCredentials('signup', { ...named, phone: '' })).toBe(M.phoneRequired);
    expect(validateCredentials('signup', named)).toBe(M.phoneInvalid);
    expect(validateCredentials('signup', { ...named, phone: '9876543210' })).toBe(M.passwordMismatch);
  });

  it('uses the exact messages of the spec', () => {
    expect(M.email).toBe('Please enter a valid email address.');
    expect(M.passwordTooShort).toBe('Password must be at least 6 characters long.');
    expect(M.fullNameRequired).toBe('Full name is required for signup.');
    expect(M.phoneRequired).toBe('Phone number is required for signup.');
    expect(M.phoneInvalid).toBe('Please enter a valid 10-digit Indian phone number.');
    expect(M.passwordMismatch).toBe('Passwords do not match.');
    expect(M.userExists).toBe('User already exists with this email');
  });
});

describe('hasForbiddenCharacters', () => {
  it.each([
    ['a NUL', 'a\u0000b', true],
    ['a lone high surrogate at the end', 'ab\uD83D', true],
    ['a lone low surrogate at the start', '\uDE00ab', true],
    ['two high surrogates', '\uD83D\uD83D\uDE00', true],
    ['a reversed pair', '\uDE00\uD83D', true],
    ['an emoji', 'a😀b', false],
    ['Devanagari', 'अनन्या', false],
    ['quotes, markup and dollar signs', `<b>"$&'</b>`, false],
    ['the empty string', '', false],
  ])('%s → %s', (_case, text, forbidden) => {
    expect(hasForbiddenCharacters(text)).toBe(forbidden);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Asha.Rao@Example.COM ')).toBe('asha.rao@example.com');
  });

  describe('a new account’s address must be deliverable', () => {
    const signup = (email: string) =>
      validateCredentials('signup', { ...valid, email, confirmPassword: valid.password });

    it.each([
      'a,b@example.com',
      'a;b@example.com',
      '<asha@example.com>',
      'Asha <asha@example.com>',
      '"asha rao"@example.com',
      'asha@exam_ple.com',
      'asha@example.c0m',
      'asha..rao@example.com',
      '.asha@example.com',
      'asha@-example.com',
      'asha@[127.0.0.1]',
    ])('refuses %j with the spec message', (email) => {
      expect(signup(email)).toBe(M.email);
    });

    it.each(['asha@example.com', "o'brien@example.co.in", 'asha.rao+course@mail.example.org', 'आशा@उदाहरण.भारत'])(
      'accepts %j',
      (email) => {
        expect(signup(email)).toBeNull();
      },
    );

    it('still lets an account made before the rule sign in', () => {
      expect(validateCredentials('login', { email: 'a,b@example.com', password: 'secret1' })).toBeNull();
    });
  });
});

describe('a pasted phone number', () => {
  it.each([
    ['+91 98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['98765-43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['(+91) 98765.43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['9876543210', '9876543210'],
  ])('%j becomes %j and passes the spec rule', (pasted, digits) => {
    expect(normalizeIndianMobile(pasted)).toBe(digits);
    expect(validateProfile({ fullName: 'Asha', phone: pasted })).toBeNull();
  });

  it.each(['+1 415 555 0100', '12345', '+91 58765 43210'])('still refuses %j with the spec message', (phone) => {
    expect(validateProfile({ fullName: 'Asha', phone })).toBe(M.phoneInvalid);
  });
});
