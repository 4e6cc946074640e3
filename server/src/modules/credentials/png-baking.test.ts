import { readFileSync } from 'node:fs';
import {
  BAKED_CREDENTIAL_KEYWORD,
  PngError,
  bakeCredential,
  credentialFromFile,
  extractBakedCredential,
  pngChunks,
  removeBakedCredential,
} from '@ehc/common/credentials';
import { describe, expect, it } from 'vitest';
import { pngSize } from '../certificates/png';

// A golden certificate image (certificate-image.test.ts keeps it byte for byte) and a
// stand-in compact JWS: baking does not look inside the text.
const golden = readFileSync(new URL('../certificates/golden/module-short-name.png', import.meta.url));
const jwt = 'eyJhbGciOiJFZERTQSJ9.eyJuYW1lIjoiQ3J5cHRvZ3JhcGh5In0.c2lnbmF0dXJlLWJ5dGVz';

describe('baking a credential into the certificate PNG (Open Badges 3.0 §5.3.1)', () => {
  it('adds one uncompressed iTXt chunk "openbadgecredential" holding the JWT, right after IHDR', () => {
    const baked = bakeCredential(golden, jwt);
    const chunks = pngChunks(baked);
    expect(chunks.map((c) => c.type).slice(0, 2)).toEqual(['IHDR', 'iTXt']);
    const data = Buffer.from(chunks[1]!.data);
    // keyword NUL, compression flag 0, method 0, empty language tag NUL, empty translated keyword NUL, text
    expect(
      data.equals(
        Buffer.concat([Buffer.from(BAKED_CREDENTIAL_KEYWORD), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(jwt)]),
      ),
    ).toBe(true);
    expect(chunks.filter((c) => c.type === 'iTXt')).toHaveLength(1);
    expect(pngSize(Buffer.from(baked))).toEqual({ width: 1200, height: 850 });
  });

  it('unbakes to the same JWT, and leaves the drawn image byte for byte as it was', () => {
    const baked = bakeCredential(golden, jwt);
    expect(extractBakedCredential(baked)).toBe(jwt);
    expect(Buffer.from(removeBakedCredential(baked)).equals(golden)).toBe(true);
    // Every chunk of the original is still there, in order, untouched.
    const original = pngChunks(golden).map((c) => Buffer.from(golden.subarray(c.start, c.end)).toString('base64'));
    const kept = pngChunks(baked)
      .filter((c) => c.type !== 'iTXt')
      .map((c) => Buffer.from(baked.subarray(c.start, c.end)).toString('base64'));
    expect(kept).toEqual(original);
  });

  it('replaces a credential already baked in: the keyword appears once', () => {
    const twice = bakeCredential(bakeCredential(golden, jwt), `${jwt}x`);
    expect(pngChunks(twice).filter((c) => c.type === 'iTXt')).toHaveLength(1);
    expect(extractBakedCredential(twice)).toBe(`${jwt}x`);
  });

  it('finds no credential in an image without one, and refuses broken images', () => {
    expect(extractBakedCredential(golden)).toBeNull();
    const damaged = Buffer.from(bakeCredential(golden, jwt));
    damaged[60] = damaged[60]! ^ 0xff; // inside the iTXt chunk: its CRC no longer matches
    expect(() => extractBakedCredential(damaged)).toThrow(PngError);
    expect(() => extractBakedCredential(golden.subarray(0, 500))).toThrow(/cut short/);
    expect(() => extractBakedCredential(Buffer.from('not a png'))).toThrow(/not a PNG/);
  });

  it('reads the credential from a baked PNG or a .jwt file, and says when a file holds neither', () => {
    expect(credentialFromFile(bakeCredential(golden, jwt))).toBe(jwt);
    expect(credentialFromFile(Buffer.from(`${jwt}\n`))).toBe(jwt);
    expect(() => credentialFromFile(golden)).toThrow('This image has no credential baked into it.');
    expect(() => credentialFromFile(Buffer.from('{"hello": 1}'))).toThrow(/neither a PNG certificate nor a credential/);
  });
});
