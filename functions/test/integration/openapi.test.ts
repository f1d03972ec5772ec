/**
 * `GET api/openapi.json` (#36): the OpenAPI document, public and cacheable, as the validator of the
 * unit tests accepts it; and the answers the API tests receive are checked against it
 * (openapi-check.ts): here, that the check does refuse an answer the document does not describe.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { checkAgainstDocument } from './openapi-check.ts';
import { api } from './support.ts';

describe('GET api/openapi.json', () => {
  it('answers the document to anyone, for a shared cache to keep', async () => {
    const response = await api('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=300$/);
    const document = response.json as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/jobs');
    expect(Object.keys(document.paths)).not.toContain('/api/studio/overview');
    expect((await new Validator().validate(document as never)).valid).toBe(true);
  });
});

describe('the check of answers against the document', () => {
  it('refuses an answer the document does not describe, and a failure not in the error shape', () => {
    expect(() => checkAgainstDocument('GET', '/api/services', 200, { services: [{ name: 'no id' }] })).toThrow(
      /GET \/api\/services answered 200, not as the OpenAPI document says/,
    );
    expect(() => checkAgainstDocument('GET', '/api/services', 201, { services: [] })).toThrow(/does not list/);
    expect(() => checkAgainstDocument('GET', '/api/services', 418, { oops: true })).toThrow(/not the error shape/);
    expect(() => checkAgainstDocument('GET', '/api/services', 200, { services: [] })).not.toThrow();
    // A staff route is not in the document, so not checked.
    expect(() => checkAgainstDocument('GET', '/api/jobs', 200, { anything: 1 })).not.toThrow();
  });
});
