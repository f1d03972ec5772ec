import { describe, expect, it } from 'vitest';
import { listServiceImagesQuerySchema } from '../src/carousel.ts';
import { createContactLeadBodySchema, createFreeTrialLeadBodySchema } from '../src/lead.ts';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('createContactLeadBodySchema', () => {
  const contact = { name: 'A', email: 'a@example.test', phone: '1', description: 'Hi' };

  it('reads a body without source as the contact form and trims text', () => {
    const parsed = createContactLeadBodySchema.parse({ ...contact, name: '  Ann  ' });
    expect(parsed).toEqual({ ...contact, name: 'Ann' });
  });

  it('requires the footer form to carry an email and a message, nothing else', () => {
    expect(
      createContactLeadBodySchema.safeParse({ source: 'footer', email: 'a@example.test', description: 'x' }).success,
    ).toBe(true);
    expect(paths(createContactLeadBodySchema.safeParse({ source: 'footer' })).sort()).toEqual(['description', 'email']);
    // The contact form's phone is not part of the footer form.
    expect(
      paths(
        createContactLeadBodySchema.safeParse({
          source: 'footer',
          email: 'a@example.test',
          description: 'x',
          phone: '1',
        }),
      ),
    ).toEqual(['']);
  });

  it('names each missing contact-form field', () => {
    expect(paths(createContactLeadBodySchema.safeParse({})).sort()).toEqual(['description', 'email', 'name', 'phone']);
  });
});

describe('createFreeTrialLeadBodySchema', () => {
  it('defaults the format to JPG and accepts only http(s) links', () => {
    const body = { serviceId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', service: 'S', name: 'N', email: 'n@example.test' };
    expect(createFreeTrialLeadBodySchema.parse({ ...body, imageLink: 'https://x.test/a' }).format).toBe('JPG');
    expect(paths(createFreeTrialLeadBodySchema.safeParse({ ...body, imageLink: 'javascript:alert(1)' }))).toEqual([
      'imageLink',
    ]);
  });
});

describe('listServiceImagesQuerySchema', () => {
  it.each([
    [{}, {}],
    [
      { page: '2', limit: '50' },
      { page: 2, limit: 50 },
    ],
  ])('parses %j', (input, output) => {
    expect(listServiceImagesQuerySchema.parse(input)).toEqual(output);
  });

  it.each([
    { page: '0' },
    { page: '-1' },
    { page: '1.5' },
    { page: '' },
    { limit: '101' },
    { limit: '1e1' },
    { page: ' 1' },
  ])('refuses %j', (input) => {
    expect(listServiceImagesQuerySchema.safeParse(input).success).toBe(false);
  });
});
