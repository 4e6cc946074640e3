import { GraphQLError, type ASTVisitor, type ValidationContext, type ValidationRule } from 'graphql';

/** Deepest selection nesting a query may have (security.md: depth ≤ 8). */
export const MAX_QUERY_DEPTH = 8;
/** Parser budget: an oversized document is refused before validation. */
export const MAX_QUERY_TOKENS = 2_000;
/** Aliases let one request repeat a field many times; our UI never needs more than a few. */
export const MAX_ALIASES = 10;
/** Total fields selected in one document, counted across fragments. */
export const MAX_FIELDS = 150;

function countingRule(limit: number, what: string, counts: (node: { alias?: unknown }) => boolean): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let seen = 0;
    return {
      Field(node) {
        if (!counts(node)) return;
        seen += 1;
        if (seen === limit + 1) {
          context.reportError(new GraphQLError(`Query has more than ${limit} ${what}.`, { nodes: [node] }));
        }
      },
    };
  };
}

export const aliasLimitRule = countingRule(MAX_ALIASES, 'aliases', (node) => Boolean(node.alias));
export const fieldLimitRule = countingRule(MAX_FIELDS, 'fields', () => true);
