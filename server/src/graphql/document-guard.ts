import { VALIDATION_MESSAGES, hasForbiddenCharacters } from '@ehc/common';
import { BREAK, GraphQLError, Location, visit, type DocumentNode } from 'graphql';
import { AppError } from '../lib/errors';
import { selectionLimitProblem } from './limits';

/**
 * Mercurius `preValidation` hook: refuses, before graphql-js validates anything, a
 * document that is not parsed GraphQL text, one too big to validate cheaply, and one
 * whose string literals hold a NUL (written `\u0000` in the query, so it only appears
 * once parsed). The variables were checked with the rest of the body at the HTTP edge.
 */
export async function guardDocument(_schema: unknown, document: DocumentNode): Promise<void> {
  // When a query is not GraphQL text, Mercurius tries JSON.parse and hands the result to
  // validation as a syntax tree; only the parser makes Location objects.
  if (!(document.loc instanceof Location)) throw new GraphQLError('The query must be GraphQL text.');
  const problem = selectionLimitProblem(document);
  if (problem) throw new GraphQLError(problem);
  if (hasForbiddenLiteral(document)) throw AppError.validation(VALIDATION_MESSAGES.forbiddenCharacters);
}

function hasForbiddenLiteral(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    StringValue(node) {
      if (!hasForbiddenCharacters(node.value)) return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}
