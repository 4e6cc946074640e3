import { MESSAGES, VALIDATION_MESSAGES } from '@ehc/common';
import { describe, expect, it } from 'vitest';
import { fieldsOfAuthError } from './auth-errors';

describe('fieldsOfAuthError', () => {
  it('names the field each sign-in or sign-up message is about', () => {
    expect(fieldsOfAuthError(VALIDATION_MESSAGES.email)).toEqual(['email']);
    expect(fieldsOfAuthError(MESSAGES.userExists)).toEqual(['email']);
    expect(fieldsOfAuthError(VALIDATION_MESSAGES.passwordTooShort)).toEqual(['password']);
    expect(fieldsOfAuthError(VALIDATION_MESSAGES.fullNameRequired)).toEqual(['fullName']);
    expect(fieldsOfAuthError(VALIDATION_MESSAGES.phoneInvalid)).toEqual(['phone']);
    expect(fieldsOfAuthError(VALIDATION_MESSAGES.passwordMismatch)).toEqual(['confirmPassword']);
    expect(fieldsOfAuthError(MESSAGES.invalidCredentials)).toEqual(['email', 'password']);
  });

  it('names none for no message, or one about no field (the server is busy)', () => {
    expect(fieldsOfAuthError(null)).toEqual([]);
    expect(fieldsOfAuthError(MESSAGES.generic)).toEqual([]);
  });
});
