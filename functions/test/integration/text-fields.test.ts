/**
 * Every text field of every route, found by walking the route table's body and query schemas:
 * text that only looks filled (invisible characters only), control characters and lone
 * surrogates are refused with a 400 naming the field, through the real gateway and handlers.
 * A walk over the same schemas checks that every free-text string uses the one text builder.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isAllowed, type Principal } from '@studio/shared/access';
import { routeList } from '@studio/shared/routes';
import { isTextSchema, textMessages } from '@studio/shared/text';
import { api, expectEnvelope, signedInIdentities, type Identity, type Role } from './support.ts';

interface ZodNode {
  _zod: { def: Record<string, unknown> & { type: string } };
}

interface StringLeaf {
  /** Path inside the body or query; array elements are at index 0. */
  path: string[];
  /** Values the leaf needs beside it to be reached: a discriminated union's chosen branch. */
  context: { path: string[]; value: unknown }[];
  schema: ZodNode;
}

/** Every string schema reachable in a request part, with what selects its union branch. */
function stringLeaves(
  node: ZodNode,
  path: string[] = [],
  context: StringLeaf['context'] = [],
  out: StringLeaf[] = [],
): StringLeaf[] {
  const def = node._zod.def;
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, ZodNode>)) {
        stringLeaves(child, [...path, key], context, out);
      }
      break;
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
      stringLeaves(def.innerType as ZodNode, path, context, out);
      break;
    case 'pipe':
      stringLeaves(def.in as ZodNode, path, context, out);
      break;
    case 'array':
      stringLeaves(def.element as ZodNode, [...path, '0'], context, out);
      break;
    case 'union': {
      const discriminator = def.discriminator as string | undefined;
      for (const option of def.options as ZodNode[]) {
        const branch = discriminator
          ? literalOf((option._zod.def.shape as Record<string, ZodNode>)[discriminator])
          : [];
        stringLeaves(
          option,
          path,
          [...context, ...branch.map((value) => ({ path: [...path, discriminator!], value }))],
          out,
        );
      }
      break;
    }
    case 'string':
      out.push({ path, context, schema: node });
      break;
  }
  return out;
}

function literalOf(node: ZodNode | undefined): unknown[] {
  if (!node) return [];
  const def = node._zod.def;
  if (def.type === 'literal') return [(def.values as unknown[])[0]];
  if (def.type === 'optional') return literalOf(def.innerType as ZodNode);
  return [];
}

/** A string checked by a format (id, e-mail, URL, code...) is not free text. */
function hasFormat(node: ZodNode): boolean {
  const def = node._zod.def;
  if (typeof def.format === 'string') return true;
  return ((def.checks as ZodNode[] | undefined) ?? []).some((check) => check._zod.def.check === 'string_format');
}

/** Free-text strings that deliberately skip the text builder: secrets compared as typed, the honeypot. */
const notText = new Set(['password', 'newPassword', 'website']);

function setAt(target: Record<string, unknown>, path: string[], value: unknown) {
  let node: Record<string, unknown> | unknown[] = target;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const next = last ? value : ((node as Record<string, unknown>)[key] ?? (/^\d+$/.test(path[i + 1]!) ? [] : {}));
    (node as Record<string, unknown>)[key] = next;
    node = next as Record<string, unknown>;
  });
}

const textCases = routeList.flatMap((route) =>
  (['body', 'query'] as const).flatMap((part) => {
    const schema = route[part] as ZodNode | undefined;
    if (!schema) return [];
    return stringLeaves(schema)
      .filter((leaf) => isTextSchema(leaf.schema))
      .map((leaf) => ({ route, part, leaf, field: `${part}.${leaf.path.join('.')}` }));
  }),
);

const principalOf: Record<Principal, Role> = {
  SUPER_ADMIN: 'SUPER_ADMIN',
  MANAGER: 'MANAGER',
  EDITOR: 'EDITOR',
  CLIENT: 'CLIENT_A',
};

let identities: Record<Role, Identity>;

beforeAll(async () => {
  identities = await signedInIdentities();
});

function callerFor(route: (typeof routeList)[number]): Identity {
  if (route.access === 'public') return identities.ANONYMOUS;
  const principal = (['SUPER_ADMIN', 'CLIENT', 'MANAGER', 'EDITOR'] as const).find((p) => isAllowed(route.access, p))!;
  return identities[principalOf[principal]];
}

const params = (path: string) =>
  '/' +
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'userId' ? '00000000-0000-4000-8000-000000000000' : '01J00000000000000000000000',
  );

async function send(testCase: (typeof textCases)[number], value: string) {
  const { route, part, leaf } = testCase;
  const identity = callerFor(route);
  if (part === 'query') {
    const query = new URLSearchParams({ [leaf.path.join('.')]: value });
    return api(`${params(route.path)}?${query.toString()}`, { method: route.method, token: identity.token });
  }
  const body: Record<string, unknown> = {};
  for (const selector of leaf.context) setAt(body, selector.path, selector.value);
  setAt(body, leaf.path, value);
  return api(params(route.path), {
    method: route.method,
    token: identity.token,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
}

function issueAt(json: unknown, field: string) {
  const envelope = expectEnvelope(json, 400);
  return envelope.details?.issues?.find((issue) => issue.path === field)?.message;
}

describe('text fields of the route table', () => {
  it('finds the text fields to check (names, descriptions, lead and application fields)', () => {
    const fields = textCases.map((c) => `${c.route.name} ${c.field}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'signUp body.username',
        'createContactLead body.name',
        'createContactLead body.description',
        'createFreeTrialLead body.brief',
        'createJobApplication body.fullName',
        'createJobOpening body.title',
        'createTestimonial body.text',
        'createJob body.instructions',
        'bulkInsertServiceImages body.images.0.imageName',
        'listContactLeads query.search',
      ]),
    );
  });

  it('every free-text string of a request is built by the one text builder', () => {
    const loose = routeList.flatMap((route) =>
      (['body', 'query'] as const).flatMap((part) => {
        const schema = route[part] as ZodNode | undefined;
        if (!schema) return [];
        return stringLeaves(schema)
          .filter((leaf) => !isTextSchema(leaf.schema) && !hasFormat(leaf.schema))
          .filter((leaf) => !notText.has(leaf.path[leaf.path.length - 1]!))
          .map((leaf) => `${route.name} ${part}.${leaf.path.join('.')}`);
      }),
    );
    // E-mails are a pipe into a format check; their first half is a plain lower-cased string.
    expect(loose.filter((name) => !/\.email$/.test(name))).toEqual([]);
  });

  it.each(textCases.map((c) => [`${c.route.method} /${c.route.path} ${c.field}`, c] as const))(
    '%s refuses invisible-only text, control characters and lone surrogates',
    async (_, testCase) => {
      const invisible = await send(testCase, '\u200b\u2060\u3164');
      expect(issueAt(invisible.json, testCase.field), invisible.text).toBe(textMessages.invisible);
      const nul = await send(testCase, 'Ann\u0000');
      expect(issueAt(nul.json, testCase.field), nul.text).toBe(textMessages.notAllowed);
      // A lone surrogate cannot travel in a URL (it is not UTF-8), only in JSON.
      if (testCase.part === 'body') {
        const lone = await send(testCase, 'Ann\ud83d');
        expect(issueAt(lone.json, testCase.field), lone.text).toBe(textMessages.notAllowed);
      }
    },
  );
});
