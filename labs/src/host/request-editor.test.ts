import { describe, expect, it } from 'vitest';
import { EditorInputError, parseEditorForm } from './request-editor';

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe('the request editor', () => {
  it('reads a method, a path, headers one per line and a body', () => {
    const { parsed } = parseEditorForm(
      form({ method: 'post', path: '/login?next=1', headers: 'Content-Type: text/plain\nCookie: a=1\n\n', body: 'x' }),
    );
    expect(parsed).toEqual({
      method: 'POST',
      path: '/login?next=1',
      headers: { 'content-type': 'text/plain', cookie: 'a=1' },
      body: 'x',
    });
  });

  it.each(['https://example.com/', '//example.com/x', 'login', '/a b', '/_editor', '\\\\host\\x'])(
    'sends requests to the lab only: refuses the path %s',
    (path) => {
      expect(() => parseEditorForm(form({ method: 'GET', path }))).toThrow(EditorInputError);
    },
  );

  it('refuses methods it does not offer and header lines that are not "Name: value"', () => {
    expect(() => parseEditorForm(form({ method: 'CONNECT', path: '/' }))).toThrow(EditorInputError);
    expect(() => parseEditorForm(form({ method: 'GET', path: '/', headers: 'no colon here' }))).toThrow(
      EditorInputError,
    );
  });
});
