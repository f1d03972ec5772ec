/**
 * The OpenAPI document (#36) is generated from the route table: a real OpenAPI 3.1 validator accepts
 * it; it holds every route a client may call and no staff route; its errors, authentication, pages
 * and idempotency are described where a reader of the reference looks.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { routeList } from '@studio/shared/routes';
import { describe, expect, it } from 'vitest';
import { isClientRoute, openApiDocument } from '../../src/openapi/document.ts';
import served from '../../src/openapi/openapi.json' with { type: 'json' };

const document = openApiDocument({ version: 'test', serverUrl: 'https://api.example.com' });
type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }>; headers?: object }>;
};
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
);
const byId = (id: string) => operations.find(({ operation }) => operation.operationId === id);

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator does refuse: the same document without its info.
    const { info: _info, ...withoutInfo } = structuredClone(document);
    expect((await new Validator().validate(withoutInfo as never)).valid).toBe(false);
  });

  it('holds every route a client may call, and no other', () => {
    const expected = routeList
      .filter((route) => isClientRoute(route))
      .map((route) => `${route.method} /${route.path}`)
      .sort();
    expect(operations.map(({ path, method }) => `${method.toUpperCase()} ${path}`).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(40);
    // Staff routes and the payment provider's webhook stay out.
    for (const id of [
      'createService',
      'listAllJobs',
      'assignJob',
      'listStaff',
      'staffSignIn',
      'listApplications',
      'stripeWebhook',
    ]) {
      expect(byId(id), id).toBeUndefined();
    }
    expect(byId('createJob')).toBeDefined();
    expect(byId('listServices')).toBeDefined();
  });

  it('says which routes need a token, and answers every failure with the one error shape', () => {
    expect(byId('listServices')!.operation.security).toEqual([]);
    expect(byId('listUserJobs')!.operation.security).toBeUndefined();
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    const getJob = byId('getJob')!.operation;
    expect(Object.keys(getJob.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429', '503']);
    expect(getJob.responses['404']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(getJob.responses['429']!.headers).toHaveProperty('Retry-After');
    const error = document.components?.schemas?.Error as { required: string[] };
    expect(error.required).toEqual(['statusCode', 'error', 'message']);
  });

  it("documents the job order's Idempotency-Key and the pages' cursor", () => {
    const createJob = byId('createJob')!.operation;
    const header = createJob.parameters?.find((parameter) => parameter.in === 'header');
    expect(header).toMatchObject({ name: 'Idempotency-Key' });
    expect(header?.required).not.toBe(true);
    expect(Object.keys(createJob.responses)).toContain('201');
    expect(document.info.description).toContain('Idempotency-Key');
    expect(document.info.description).toContain('nextCursor');
  });

  it('is the document GET api/openapi.json serves (run `npm run openapi` after changing a client route)', () => {
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });
});
