import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REGENERATE, SCHEMA_FILE, schemaSdl } from './print-schema';

describe('server/schema.graphql', () => {
  it("is the schema Pothos builds now (the web app's documents are typed against it)", () => {
    const checkedIn = readFileSync(SCHEMA_FILE, 'utf8');
    expect(checkedIn, `server/schema.graphql is stale: run \`${REGENERATE}\` and commit it`).toBe(schemaSdl());
  });
});
