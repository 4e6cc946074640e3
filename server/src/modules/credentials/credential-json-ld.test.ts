import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../courses/content-loader';
import { FIXTURE_CONTENT_DIR } from '../../test/test-app';
import { expandSafely } from '../../test/json-ld';
import { buildCredential } from './credential-builder';
import { EXAMPLE_FACTS, EXAMPLE_ISSUER } from './example-credential';

const catalogue = loadCatalogue(FIXTURE_CONTENT_DIR);
const issuer = EXAMPLE_ISSUER;
const facts = EXAMPLE_FACTS;
const STUDY_HOURS_IRI = 'https://course.example.com/credentials/contexts/v1.json#estimatedStudyHours';

/** Every value of `iri` anywhere in an expanded document. */
function valuesOf(node: unknown, iri: string): unknown[] {
  if (Array.isArray(node)) return node.flatMap((item) => valuesOf(item, iri));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === iri ? [value, ...valuesOf(value, iri)] : valuesOf(value, iri),
  );
}

describe('the credential as JSON-LD', () => {
  it('expands in safe mode, for a module and for the full course: every term is defined by a published context', async () => {
    await expect(expandSafely(buildCredential(facts, issuer, catalogue), issuer.appOrigin)).resolves.toBeDefined();
    const full = { ...facts, scope: 'FULL', certificateId: 'EHC-FULL-1795240800123-ASH' };
    await expect(expandSafely(buildCredential(full, issuer, catalogue), issuer.appOrigin)).resolves.toBeDefined();
  });

  it('gives the study hours the meaning our terms context defines', async () => {
    const expanded = await expandSafely(buildCredential(facts, issuer, catalogue), issuer.appOrigin);
    const [hours] = valuesOf(expanded, STUDY_HOURS_IRI) as [{ '@value': number; '@type': string }[]];
    expect(hours[0]).toEqual({
      '@value': buildCredential(facts, issuer, catalogue).credentialSubject.achievement.estimatedStudyHours,
      '@type': 'http://www.w3.org/2001/XMLSchema#decimal',
    });
  });

  it('would be refused without our terms context, or with a term no context defines, so the check above can fail', async () => {
    const credential = buildCredential(facts, issuer, catalogue);
    await expect(expandSafely(credential, issuer.appOrigin, { '@context': {} } as never)).rejects.toThrow(/Safe mode/i);
    await expect(expandSafely({ ...credential, courseCode: 'EHC' }, issuer.appOrigin)).rejects.toThrow(/Safe mode/i);
    const withoutExtensions = {
      ...credential,
      '@context': credential['@context'].filter((c) => !c.endsWith('extensions.json')),
    };
    await expect(expandSafely(withoutExtensions, issuer.appOrigin)).rejects.toThrow(/Safe mode/i);
  });
});
