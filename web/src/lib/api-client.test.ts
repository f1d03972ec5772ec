import { errorEnvelope } from '@studio/shared/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../testing/fetch-stub.ts';
import { makeServices } from '../testing/service-fixtures.ts';
import { answerPublicReadsWith, apiRequest, ApiError } from './api-client.ts';
import { setToken } from './auth-token.ts';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  it('fills path parameters and returns a public read as the API sent it', async () => {
    const [service] = makeServices(1);
    const { calls } = stubFetch({
      [`GET /api/services/${service?.id}`]: () => jsonResponse({ service }),
    });
    const result = await apiRequest('getService', { params: { id: service?.id ?? '' } });
    expect(result).toEqual({ service });
    expect(calls[0]?.headers.get('Accept')).toBe('application/json');
  });

  it('returns a public read that is a list as it is', async () => {
    stubFetch({ 'GET /api/job-openings': () => jsonResponse([]) });
    expect(await apiRequest('listJobOpenings', {})).toEqual([]);
  });

  it.each([
    ['an HTML page', () => new Response('<html>Welcome</html>', { status: 200 })],
    ['a bare number', () => jsonResponse(5)],
    ['nothing', () => new Response('', { status: 200 })],
  ])('rejects a public read answered with %s', async (_case, answer) => {
    stubFetch({ 'GET /api/services': answer });
    const error = await failure(apiRequest('listServices', {}));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toBe('The server sent an unexpected response');
  });

  it("parses any other route's answer with its schema, dropping what the schema does not name", async () => {
    stubFetch({
      'POST /api/contact/addnew': () =>
        jsonResponse({ id: '01JD0AAAA00000000000000001', message: 'Sent', storageOnly: 'dropped' }, 201),
    });
    const result = await apiRequest('createContactLead', {
      body: { source: 'footer', email: 'ana@example.com', description: 'Hello' },
    });
    expect(result).toEqual({ id: '01JD0AAAA00000000000000001', message: 'Sent' });
  });

  it('adds the query string', async () => {
    const serviceId = makeServices(1)[0]?.id ?? '';
    const { calls } = stubFetch({
      [`GET /api/subservices?serviceId=${serviceId}`]: () => jsonResponse({ subServices: [] }),
    });
    expect(await apiRequest('listSubServices', { query: { serviceId } })).toEqual({ subServices: [] });
    expect(calls).toHaveLength(1);
  });

  it('sends the stored token to a non-public route, never to a public one', async () => {
    setToken('stored-token');
    const { calls } = stubFetch({
      'GET /api/users': () => jsonResponse({ users: [] }, 403),
      'GET /api/services': () => jsonResponse({ services: [] }),
    });
    await failure(apiRequest('listClients', {}));
    await apiRequest('listServices', {});
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(calls[1]?.headers.get('Authorization')).toBeNull();
  });

  it('sends an explicit token', async () => {
    const { calls } = stubFetch({ 'GET /api/services': () => jsonResponse({ services: [] }) });
    await apiRequest('listServices', { token: 'given' });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer given');
  });

  it('throws the error envelope as an ApiError', async () => {
    stubFetch({
      'GET /api/services': () =>
        jsonResponse(
          errorEnvelope('VALIDATION_FAILED', 'Invalid request', { issues: [{ path: 'query.x', message: 'unknown' }] }),
          400,
        ),
    });
    const error = await failure(apiRequest('listServices', {}));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Invalid request');
    expect(error.issues).toEqual([{ path: 'query.x', message: 'unknown' }]);
  });

  it('falls back to a generic message when the error body is not the envelope', async () => {
    stubFetch({ 'GET /api/services': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await failure(apiRequest('listServices', {}));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed with status 502');
    expect(error.issues).toEqual([]);
  });

  it('rejects a success response that does not match the route schema', async () => {
    stubFetch({ 'POST /api/contact/addnew': () => jsonResponse({ id: 'x' }, 201) });
    const error = await failure(
      apiRequest('createContactLead', {
        body: { source: 'footer', email: 'ana@example.com', description: 'Hello' },
      }),
    );
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.issues.length).toBeGreaterThan(0);
  });

  it('reports a network failure as status 0', async () => {
    stubFetch({
      'GET /api/services': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await failure(apiRequest('listServices', {}));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error occurred');
  });
  describe('while the static renderer renders a page', () => {
    afterEach(() => answerPublicReadsWith(undefined));

    it('answers public reads from the renderer, with their params and query, and not from the network', async () => {
      const services = makeServices(1);
      const asked: unknown[] = [];
      answerPublicReadsWith(async (name, input) => {
        asked.push({ name, input });
        return { service: services[0] };
      });
      const { calls } = stubFetch({});
      expect(await apiRequest('getService', { params: { id: services[0]!.id } })).toEqual({ service: services[0] });
      expect(asked).toEqual([{ name: 'getService', input: { params: { id: services[0]!.id }, query: {} } }]);
      expect(calls).toHaveLength(0);
    });

    it('refuses anything but a public read', async () => {
      answerPublicReadsWith(async () => ({}));
      await expect(apiRequest('listClients', { token: 'staff-token' })).rejects.toThrow(
        'listClients is not a public read',
      );
    });

    it('goes back to the network once the renderer is done', async () => {
      answerPublicReadsWith(async () => ({ services: [] }));
      answerPublicReadsWith(undefined);
      const services = makeServices(1);
      const { calls } = stubFetch({ 'GET /api/services': () => jsonResponse({ services }) });
      expect(await apiRequest('listServices', {})).toEqual({ services });
      expect(calls).toHaveLength(1);
    });
  });
});
