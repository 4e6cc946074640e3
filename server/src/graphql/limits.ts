import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/** Deepest selection nesting a query may have (security.md: depth ≤ 8). */
export const MAX_QUERY_DEPTH = 8;
/** Parser budget: an oversized document is refused before validation. */
export const MAX_QUERY_TOKENS = 2_000;
/** Aliases let one request repeat a field many times; our UI never needs more than a few. */
export const MAX_ALIASES = 10;
/** Fields in one document: every operation and fragment, plus each fragment again per spread. */
export const MAX_FIELDS = 150;
/** Selections of one response name in one selection set; our UI never repeats a field. */
export const MAX_SAME_FIELD = 5;

interface Counts {
  fields: number;
  aliases: number;
}

/**
 * Why this document is too big to validate, or null. It runs before graphql-js
 * validation because one of its rules (OverlappingFieldsCanBeMerged) compares every
 * pair of same-named selections: a few kilobytes of repeated fields cost it seconds of
 * CPU, and reporting the excess from inside validation comes after that cost is paid.
 * This pass is linear: each fragment's counts are computed once and reused per spread.
 */
export function selectionLimitProblem(document: DocumentNode): string | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const fragmentCounts = new Map<string, Counts>();
  let repeated: string | null = null;

  function count(selectionSet: SelectionSetNode | undefined): Counts {
    const total: Counts = { fields: 0, aliases: 0 };
    if (!selectionSet) return total;
    const seen = new Map<string, number>();
    for (const selection of selectionSet.selections) {
      let inner: Counts;
      if (selection.kind === Kind.FIELD) {
        const responseName = (selection.alias ?? selection.name).value;
        const times = (seen.get(responseName) ?? 0) + 1;
        seen.set(responseName, times);
        if (times > MAX_SAME_FIELD) repeated ??= responseName;
        inner = count(selection.selectionSet);
        total.fields += 1;
        if (selection.alias) total.aliases += 1;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = count(selection.selectionSet);
      } else {
        inner = countFragment(selection.name.value);
      }
      total.fields += inner.fields;
      total.aliases += inner.aliases;
    }
    return total;
  }

  function countFragment(name: string): Counts {
    const known = fragmentCounts.get(name);
    if (known) return known;
    // Placeholder while counting, so a fragment that spreads itself (refused later by
    // validation) ends the recursion instead of the stack.
    fragmentCounts.set(name, { fields: 0, aliases: 0 });
    const counted = count(fragments.get(name)?.selectionSet);
    fragmentCounts.set(name, counted);
    return counted;
  }

  let fields = 0;
  let aliases = 0;
  for (const definition of document.definitions) {
    const counted =
      definition.kind === Kind.FRAGMENT_DEFINITION
        ? countFragment(definition.name.value)
        : definition.kind === Kind.OPERATION_DEFINITION
          ? count(definition.selectionSet)
          : { fields: 0, aliases: 0 };
    fields += counted.fields;
    aliases += counted.aliases;
  }
  if (repeated !== null) return `Query selects "${repeated}" more than ${MAX_SAME_FIELD} times in one place.`;
  if (fields > MAX_FIELDS) return `Query has more than ${MAX_FIELDS} fields.`;
  if (aliases > MAX_ALIASES) return `Query has more than ${MAX_ALIASES} aliases.`;
  return null;
}
