/**
 * Walks every route of the route table with every role and checks the answer the route's access
 * allows: anonymous callers of a protected route get 401, signed-in callers without the role 403,
 * and allowed callers neither. A route added to the table must add its sample request here (the
 * type below demands one), so it is covered the day it is declared.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { jobResponseSchema } from '@studio/shared/job';
import { isAllowed, routeList, routes, type Principal, type RouteName } from '@studio/shared/routes';
import { listServicesResponseSchema } from '@studio/shared/service';
import { api, expectEnvelope, roles, signedInIdentities, type Identity, type Role } from './support.ts';

interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

interface Fixtures {
  serviceId: string;
  subServiceId: string;
  /** A job of CLIENT_A: other callers reach the route and meet its item rule (404). */
  jobId: string;
  /** The seeded demo client, for a real sign-in. */
  client: { email: string; password: string };
}

/** A valid request for each route: what an allowed caller would send. */
const samples: Record<RouteName, (f: Fixtures, caller: Identity) => Sample> = {
  listServices: () => ({}),
  getService: (f) => ({ params: { id: f.serviceId } }),
  listSubServices: (f) => ({ query: { serviceId: f.serviceId } }),
  listSubServicesOfService: (f) => ({ params: { id: f.serviceId } }),
  getPricing: () => ({}),
  listTestimonials: () => ({}),
  listSliderImages: () => ({}),
  listClients: () => ({}),
  listStaff: () => ({}),
  listCarouselServices: () => ({}),
  listServiceImages: (f) => ({ params: { id: f.serviceId }, query: { page: '1', limit: '50' } }),
  listGalleryServices: () => ({}),
  listGalleryItems: () => ({}),
  listGalleryByService: () => ({}),
  listJobOpenings: () => ({}),
  createContactLead: () => ({
    body: { name: 'Ann Sample', email: 'ann@example.test', phone: '+1 555 0100', description: 'Authorization sample.' },
  }),
  signUp: () => ({
    body: {
      username: 'Sample',
      email: `sample-${randomBytes(5).toString('hex')}@example.test`,
      password: `Pw-${randomBytes(6).toString('hex')}-A1`,
    },
  }),
  verifyEmail: () => ({ body: { email: 'nobody@example.test', otp: '123456' } }),
  resendCode: () => ({ body: { email: 'nobody@example.test' } }),
  signIn: (f) => ({ body: { email: f.client.email, password: f.client.password } }),
  forgotPassword: () => ({ body: { email: 'nobody@example.test' } }),
  resetPassword: () => ({ body: { email: 'nobody@example.test', code: '123456', password: 'New-pass-1' } }),
  getUploadLink: () => ({ query: { fileName: 'photo.jpg', contentType: 'image/jpeg', size: '1000' } }),
  createJob: (f) => ({ body: jobSample(f) }),
  // The caller's own id: the generic walk checks route access; cross-client reads are in jobs.test.ts.
  listClientJobs: (_f, caller) => ({ params: { userId: caller.userId ?? anyUserId } }),
  listUserJobs: (_f, caller) => ({ query: { userId: caller.userId ?? anyUserId } }),
  getJob: (f) => ({ params: { id: f.jobId } }),
  choosePayment: (f) => ({
    params: { id: f.jobId },
    body: { method: 'PayPal', currency: 'USD', acceptTerms: true },
  }),
  createFreeTrialLead: (f) => ({
    body: {
      serviceId: f.serviceId,
      service: 'Ecommerce',
      name: 'Ann Sample',
      email: 'ann@example.test',
      imageLink: 'https://example.test/photo.jpg',
    },
  }),
};

const anyUserId = '00000000-0000-4000-8000-000000000000';

function jobSample(f: Pick<Fixtures, 'serviceId' | 'subServiceId'>) {
  return {
    serviceId: f.serviceId,
    selectedSubServices: [f.subServiceId],
    linkType: 'own',
    dropboxLink: 'https://example.test/photos',
    numberOfPhotos: 2,
  };
}

const principalOf: Record<Role, Principal | null> = {
  ANONYMOUS: null,
  CLIENT_A: 'CLIENT',
  CLIENT_B: 'CLIENT',
  EDITOR: 'EDITOR',
  MANAGER: 'MANAGER',
  SUPER_ADMIN: 'SUPER_ADMIN',
};

function url(path: string, sample: Sample) {
  const filled = '/' + path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(sample.params?.[key] ?? ''));
  const query = new URLSearchParams(sample.query ?? {}).toString();
  return query ? `${filled}?${query}` : filled;
}

let identities: Record<Role, Identity>;
let fixtures: Fixtures;

beforeAll(async () => {
  identities = await signedInIdentities();
  const services = listServicesResponseSchema.parse((await api('/api/services')).json).services;
  const service = services[0]!;
  const subServiceId = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!.id;
  const created = await api('/api/jobs', {
    method: 'POST',
    token: identities.CLIENT_A.token,
    body: JSON.stringify(jobSample({ serviceId: service.id, subServiceId })),
    headers: { 'content-type': 'application/json' },
  });
  const client = inject('accounts').find((a) => a.role === 'CLIENT')!;
  fixtures = {
    serviceId: service.id,
    subServiceId,
    jobId: jobResponseSchema.parse(created.json).job.id,
    client: { email: client.email, password: client.password },
  };
});

describe.each(routeList)('$method /$path', (route) => {
  it.each(roles)('as %s', async (role) => {
    const identity = identities[role];
    const sample = samples[route.name](fixtures, identity);
    const response = await api(url(route.path, sample), {
      method: route.method,
      token: identity.token,
      ...(sample.body !== undefined
        ? { body: JSON.stringify(sample.body), headers: { 'content-type': 'application/json' } }
        : {}),
    });
    const allowed = isAllowed(route.access, principalOf[role]);
    if (allowed) {
      expect(response.status, response.text).not.toBe(401);
      expect(response.status, response.text).not.toBe(403);
      expect(response.status, response.text).toBeLessThan(500);
    } else {
      const expected = identity.token ? 403 : 401;
      expect(response.status, response.text).toBe(expected);
      expectEnvelope(response.json, expected);
    }
  });
});

describe('tokens', () => {
  it('every declared route has a sample request', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(routes).sort());
  });

  const protectedRoutes = routeList.filter((r) => r.access !== 'public');

  it('the route table has protected routes to check', () => {
    expect(protectedRoutes.length).toBeGreaterThan(0);
  });

  it.each(protectedRoutes)('a tampered token is refused with 401 on $method /$path', async (route) => {
    const token = identities.SUPER_ADMIN.token!;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    claims.sub = identities.CLIENT_B.userId;
    const forged = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    const response = await api(url(route.path, samples[route.name](fixtures, identities.SUPER_ADMIN)), {
      method: route.method,
      token: forged,
    });
    expect(response.status).toBe(401);
    expectEnvelope(response.json, 401);
  });

  it.each(protectedRoutes)('a malformed Authorization header is refused with 401 on $method /$path', async (route) => {
    for (const header of ['Bearer', 'Basic abc', 'Bearer not.a.jwt', `Bearer ${'a'.repeat(5000)}`]) {
      const response = await api(url(route.path, samples[route.name](fixtures, identities.SUPER_ADMIN)), {
        method: route.method,
        headers: { authorization: header },
      });
      expect(response.status, header.slice(0, 20)).toBe(401);
      expectEnvelope(response.json, 401);
    }
  });
});
