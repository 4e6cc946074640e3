import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './schema';

/**
 * The schema as GraphQL SDL, checked in at `server/schema.graphql`: the web app's
 * documents are typed and validated against it (web/codegen.ts), so a change to a field
 * the browser asks for shows up in `npm run typecheck`. Sorted, so the file's diff shows
 * what changed rather than the order the modules registered their types in.
 */
export const SCHEMA_FILE = fileURLToPath(new URL('../../schema.graphql', import.meta.url));

/** The SDL the schema file should hold: Pothos's schema as it is built now. */
export function schemaSdl(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

/** What to do when the file is stale, for the test and the check that say so. */
export const REGENERATE = 'npm run codegen';

// `npm run codegen` writes the file; `… print-schema.ts --check` (in `npm run typecheck`)
// only says whether it is current.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    if (readFileSync(SCHEMA_FILE, 'utf8') !== schemaSdl()) {
      console.error(`server/schema.graphql is stale: the server's schema has changed. Run \`${REGENERATE}\`.`);
      process.exitCode = 1;
    }
  } else {
    writeFileSync(SCHEMA_FILE, schemaSdl());
    console.log('Wrote server/schema.graphql');
  }
}
