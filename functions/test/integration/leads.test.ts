/**
 * Lead capture: the contact page's form and the footer's Send Email form (`POST api/contact/addnew`)
 * and the free-trial form (`POST api/free-trial-leads`). What is accepted is read back through the
 * data-access functions staff screens will use; what is refused leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createContactLeadResponseSchema,
  createFreeTrialLeadResponseSchema,
  type ContactLead,
  type FreeTrialLead,
} from '@studio/shared/lead';
import { listServicesResponseSchema } from '@studio/shared/service';
import type * as LeadsModule from '../../src/data/leads.ts';
import { useHandlerEnv } from './handler-env.ts';
import { api, expectEnvelope } from './support.ts';

type Leads = typeof LeadsModule;
let leads: Leads;
let serviceId: string;

beforeAll(async () => {
  useHandlerEnv();
  leads = await import('../../src/data/leads.ts');
  serviceId = listServicesResponseSchema.parse((await api('/api/services')).json).services[0]!.id;
});

const tag = () => randomBytes(6).toString('hex');

function post(path: string, body: unknown) {
  return api(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

/** Every stored lead of a kind, newest first, following the pages to the end. */
async function allLeads<T>(list: (limit: number, next: string | null) => Promise<{ leads: T[]; next: string | null }>) {
  const found: T[] = [];
  let next: string | null = null;
  do {
    const page = await list(25, next);
    found.push(...page.leads);
    next = page.next;
  } while (next);
  return found;
}

const contactLeads = () => allLeads<ContactLead>((l, n) => leads.listContactLeads(l, n));
const trialLeads = () => allLeads<FreeTrialLead>((l, n) => leads.listFreeTrialLeads(l, n));

function contactForm(marker: string) {
  return {
    name: '  Grace Hopper ',
    email: `grace-${marker}@example.test`,
    phone: '+1 555 0100',
    service: 'Ecommerce',
    description: `Please quote 300 product photos. ${marker}`,
  };
}

function freeTrial(marker: string) {
  return {
    serviceId,
    service: 'Ecommerce',
    brief: `White background, keep the shadow. ${marker}`,
    name: 'Ada Lovelace',
    email: `ada-${marker}@example.test`,
    format: 'PNG',
    imageLink: `https://drive.example.test/${marker}.jpg`,
  };
}

async function expectRefused(path: string, body: unknown, field: string) {
  const response = await post(path, body);
  expect(response.status, response.text).toBe(400);
  const envelope = expectEnvelope(response.json, 400);
  expect(
    envelope.details?.issues?.map((i) => i.path),
    response.text,
  ).toContain(field);
}

describe('POST api/contact/addnew (contact page)', () => {
  it('stores the lead (201) and staff can read it back, newest first', async () => {
    const marker = tag();
    const before = Date.now();
    const response = await post('/api/contact/addnew', contactForm(marker));
    expect(response.status, response.text).toBe(201);
    const created = createContactLeadResponseSchema.parse(response.json);
    expect(created.message).toBe('Your message has been sent successfully!');

    const second = await post('/api/contact/addnew', { ...contactForm(tag()), service: undefined });
    expect(second.status).toBe(201);
    const secondId = createContactLeadResponseSchema.parse(second.json).id;

    const stored = await contactLeads();
    const lead = stored.find((l) => l.id === created.id)!;
    expect(lead).toEqual({
      id: created.id,
      source: 'contact-form',
      name: 'Grace Hopper',
      email: `grace-${marker}@example.test`,
      phone: '+1 555 0100',
      service: 'Ecommerce',
      description: `Please quote 300 product photos. ${marker}`,
      consentPersonalData: null,
      consentOffers: null,
      createdAt: lead.createdAt,
    });
    expect(Date.parse(lead.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.find((l) => l.id === secondId)!.service).toBeNull();
    // Newest first: the later lead comes before the earlier one.
    expect(stored.findIndex((l) => l.id === secondId)).toBeLessThan(stored.findIndex((l) => l.id === created.id));
    const dates = stored.map((l) => l.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it.each(['name', 'email', 'phone', 'description'])('requires %s (400 naming it, nothing stored)', async (field) => {
    const marker = tag();
    const body: Record<string, unknown> = contactForm(marker);
    delete body[field];
    await expectRefused('/api/contact/addnew', body, `body.${field}`);
    await expectRefused('/api/contact/addnew', { ...contactForm(marker), [field]: '   ' }, `body.${field}`);
    expect((await contactLeads()).some((l) => JSON.stringify(l).includes(marker))).toBe(false);
  });

  it.each([
    ['name', 100],
    ['phone', 30],
    ['service', 100],
    ['description', 5000],
  ])('limits %s to %i characters', async (field, max) => {
    const marker = tag();
    await expectRefused(
      '/api/contact/addnew',
      { ...contactForm(marker), [field]: 'x'.repeat(max + 1) },
      `body.${field}`,
    );
    expect((await contactLeads()).some((l) => l.email === `grace-${marker}@example.test`)).toBe(false);
    const atLimit = await post('/api/contact/addnew', { ...contactForm(marker), [field]: 'x'.repeat(max) });
    expect(atLimit.status, atLimit.text).toBe(201);
  });

  it('limits email to 254 characters and checks its form', async () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.test`;
    expect(long.length).toBe(255);
    await expectRefused('/api/contact/addnew', { ...contactForm(tag()), email: long }, 'body.email');
    await expectRefused('/api/contact/addnew', { ...contactForm(tag()), email: 'not-an-email' }, 'body.email');
  });

  it('refuses unknown fields and wrong types', async () => {
    await expectRefused('/api/contact/addnew', { ...contactForm(tag()), isAdmin: true }, 'body');
    await expectRefused('/api/contact/addnew', { ...contactForm(tag()), phone: 5550100 }, 'body.phone');
    await expectRefused('/api/contact/addnew', { ...contactForm(tag()), source: 'chat' }, 'body.source');
  });
});

describe('POST api/contact/addnew (footer Send Email form)', () => {
  it('stores the message with both consent choices', async () => {
    const marker = tag();
    const response = await post('/api/contact/addnew', {
      source: 'footer',
      name: 'Katherine Johnson',
      email: `kj-${marker}@example.test`,
      description: `Do you retouch drone photos? ${marker}`,
      consentPersonalData: true,
      consentOffers: false,
    });
    expect(response.status, response.text).toBe(201);
    const { id, message } = createContactLeadResponseSchema.parse(response.json);
    expect(message).toBe('Your message has been sent successfully!');
    const lead = (await contactLeads()).find((l) => l.id === id)!;
    expect(lead).toMatchObject({
      source: 'footer',
      name: 'Katherine Johnson',
      email: `kj-${marker}@example.test`,
      phone: null,
      service: null,
      description: `Do you retouch drone photos? ${marker}`,
      consentPersonalData: true,
      consentOffers: false,
    });
  });

  it('needs no name; unticked consents are stored as no', async () => {
    const marker = tag();
    const response = await post('/api/contact/addnew', {
      source: 'footer',
      email: `anon-${marker}@example.test`,
      description: 'Just a question.',
    });
    expect(response.status, response.text).toBe(201);
    const { id } = createContactLeadResponseSchema.parse(response.json);
    const lead = (await contactLeads()).find((l) => l.id === id)!;
    expect(lead).toMatchObject({ name: '', consentPersonalData: false, consentOffers: false });
  });

  it('requires an email and a message: a lead nobody can answer is useless', async () => {
    await expectRefused('/api/contact/addnew', { source: 'footer', description: 'Hello' }, 'body.email');
    await expectRefused('/api/contact/addnew', { source: 'footer', email: 'a@example.test' }, 'body.description');
    await expectRefused(
      '/api/contact/addnew',
      { source: 'footer', email: 'a@example.test', description: 'Hi', phone: '1' },
      'body',
    );
    await expectRefused(
      '/api/contact/addnew',
      { source: 'footer', email: 'a@example.test', description: 'Hi', consentOffers: 'yes' },
      'body.consentOffers',
    );
  });
});

describe('POST api/free-trial-leads', () => {
  it('stores the lead (201) and staff can read it back', async () => {
    const marker = tag();
    const response = await post('/api/free-trial-leads', freeTrial(marker));
    expect(response.status, response.text).toBe(201);
    const created = createFreeTrialLeadResponseSchema.parse(response.json);
    expect(created.message).toBe('Thank you for your submission!');
    const lead = (await trialLeads()).find((l) => l.id === created.id)!;
    expect(lead).toEqual({
      id: created.id,
      serviceId,
      service: 'Ecommerce',
      brief: `White background, keep the shadow. ${marker}`,
      name: 'Ada Lovelace',
      email: `ada-${marker}@example.test`,
      format: 'PNG',
      imageLink: `https://drive.example.test/${marker}.jpg`,
      createdAt: lead.createdAt,
    });
  });

  it('defaults the format to JPG and the brief to empty', async () => {
    const body: Record<string, unknown> = freeTrial(tag());
    delete body.format;
    delete body.brief;
    const response = await post('/api/free-trial-leads', body);
    expect(response.status, response.text).toBe(201);
    const { id } = createFreeTrialLeadResponseSchema.parse(response.json);
    expect((await trialLeads()).find((l) => l.id === id)).toMatchObject({ format: 'JPG', brief: '' });
  });

  it('refuses an unknown service with 400 naming body.serviceId, nothing stored', async () => {
    const marker = tag();
    await expectRefused(
      '/api/free-trial-leads',
      { ...freeTrial(marker), serviceId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
      'body.serviceId',
    );
    await expectRefused('/api/free-trial-leads', { ...freeTrial(marker), serviceId: 'nope' }, 'body.serviceId');
    expect((await trialLeads()).some((l) => l.email === `ada-${marker}@example.test`)).toBe(false);
  });

  it.each(['serviceId', 'service', 'name', 'email', 'imageLink'])('requires %s', async (field) => {
    const marker = tag();
    const body: Record<string, unknown> = freeTrial(marker);
    delete body[field];
    await expectRefused('/api/free-trial-leads', body, `body.${field}`);
    expect((await trialLeads()).some((l) => l.brief.includes(marker))).toBe(false);
  });

  it.each([
    ['service', 100],
    ['name', 100],
    ['brief', 5000],
  ])('limits %s to %i characters', async (field, max) => {
    await expectRefused(
      '/api/free-trial-leads',
      { ...freeTrial(tag()), [field]: 'x'.repeat(max + 1) },
      `body.${field}`,
    );
    const atLimit = await post('/api/free-trial-leads', { ...freeTrial(tag()), [field]: 'x'.repeat(max) });
    expect(atLimit.status, atLimit.text).toBe(201);
  });

  it('limits the image link to 2048 characters and to web addresses', async () => {
    const base = 'https://drive.example.test/';
    await expectRefused(
      '/api/free-trial-leads',
      { ...freeTrial(tag()), imageLink: base + 'x'.repeat(2049 - base.length) },
      'body.imageLink',
    );
    const atLimit = await post('/api/free-trial-leads', {
      ...freeTrial(tag()),
      imageLink: base + 'x'.repeat(2048 - base.length),
    });
    expect(atLimit.status, atLimit.text).toBe(201);
    for (const link of ['not a link', 'javascript:alert(1)', 'ftp://files.example.test/a.jpg']) {
      await expectRefused('/api/free-trial-leads', { ...freeTrial(tag()), imageLink: link }, 'body.imageLink');
    }
  });

  it('accepts only the four formats', async () => {
    await expectRefused('/api/free-trial-leads', { ...freeTrial(tag()), format: 'GIF' }, 'body.format');
  });
});

describe('honeypot', () => {
  it.each([
    ['/api/contact/addnew', (m: string) => contactForm(m)],
    ['/api/free-trial-leads', (m: string) => freeTrial(m)],
  ])('%s refuses a filled hidden field with a generic 400 and stores nothing', async (path, body) => {
    const marker = tag();
    const response = await post(path, { ...body(marker), website: 'https://spam.example.test' });
    expect(response.status).toBe(400);
    const envelope = expectEnvelope(response.json, 400);
    expect(envelope.error).toBe('BAD_REQUEST');
    expect(envelope.message).not.toMatch(/website|honeypot/i);
    const stored = [...(await contactLeads()), ...(await trialLeads())];
    expect(stored.some((l) => JSON.stringify(l).includes(marker))).toBe(false);
    // An empty honeypot, as a person's browser sends it, is fine.
    const human = await post(path, { ...body(tag()), website: '' });
    expect(human.status, human.text).toBe(201);
  });
});
