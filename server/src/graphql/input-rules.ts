import type { ZodError } from 'zod';
import { z } from 'zod';
import { AppError } from '../lib/errors';

/**
 * A rule written the way `common/` writes the spec's rules (a function that names the
 * first problem, or null) as a zod schema, to declare on an argument with the zod plugin:
 * `validate: { schema: rule(validateFullName) }`. The web form runs the same function, so
 * the form and the API cannot drift apart, and the browser bundle needs no zod.
 */
export function rule<T>(problemOf: (value: T) => string | null): z.ZodType<T> {
  return z.custom<T>().superRefine((value, ctx) => {
    const problem = problemOf(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/**
 * The zod plugin's `validationError`: the first broken rule (arguments in their declared
 * order, then the rules of the field as a whole) as the API's VALIDATION_FAILED error with
 * that rule's message, exactly as a service would have thrown it.
 */
export function validationFailure(error: ZodError): AppError {
  const first = error.issues[0];
  return AppError.validation(first?.message ?? 'The request is not valid.');
}
