/**
 * What of a job each principal sees (#32, docs/access.md): the one rule (`jobVisibility`) and what
 * it does to a job and its timeline; and, read from the route table and the code, that every route
 * answering a job or its timeline passes it through that rule, so a new route cannot forget to.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobSchema, type Job } from '@studio/shared/job';
import { historyEntrySchema, type HistoryEntry } from '@studio/shared/payment';
import { routeList } from '@studio/shared/routes';
import { jobSeenAs, jobVisibility, timelineSeenAs } from '../../src/jobs/job-view.ts';
import { sampleJob } from './job-fixture.ts';

const link = 'https://example.test/finished';
const delivered = sampleJob({
  status: 'DELIVERED',
  editorId: 'e-1',
  editorDropboxLink: link,
  client: { name: 'Ann', email: 'ann@example.test' },
});
const paid: Job['payment'] = {
  status: 'PAID',
  method: 'Internet Banking',
  currency: 'USD',
  updatedAt: '2026-11-02T10:00:00.000Z',
  provider: 'manual',
  received: { amountCents: 100, currency: 'USD' },
  paidAt: '2026-11-02T10:00:00.000Z',
  refundedCents: 0,
  reference: 'BANK-1',
};
const off = { releaseFilesBeforePayment: false };
const on = { releaseFilesBeforePayment: true };

describe('what each principal sees of a job', () => {
  it('a client gets the finished work only once released: paid, refunded after payment, or the studio setting on', () => {
    const seen = (job: Job, settings = off) => jobSeenAs(jobVisibility('CLIENT', job, settings), job);
    expect(seen(delivered).editorDropboxLink).toBeNull();
    expect(seen({ ...delivered, payment: { ...paid!, status: 'PENDING', paidAt: null } }).editorDropboxLink).toBeNull();
    expect(seen({ ...delivered, payment: { ...paid!, status: 'MISMATCH' } }).editorDropboxLink).toBeNull();
    expect(seen({ ...delivered, payment: paid }).editorDropboxLink).toBe(link);
    expect(seen({ ...delivered, payment: { ...paid!, status: 'PARTIALLY_REFUNDED' } }).editorDropboxLink).toBe(link);
    expect(seen(delivered, on).editorDropboxLink).toBe(link);
    // Nothing else of the job is held back from its client.
    expect(seen(delivered)).toEqual({ ...delivered, editorDropboxLink: null });
  });

  it('the assigned editor gets the work and the client’s name, not the payment or the e-mail', () => {
    const job = { ...delivered, payment: paid };
    const seen = jobSeenAs(jobVisibility('EDITOR', job, off), job);
    expect(seen).toEqual({ ...job, payment: null, client: { name: 'Ann', email: null } });
    // A job older than the client's copy stays without one.
    expect(jobSeenAs(jobVisibility('EDITOR', delivered, off), { ...delivered, client: null }).client).toBeNull();
  });

  it('managers and super-admins get everything', () => {
    const job = { ...delivered, payment: paid };
    for (const principal of ['MANAGER', 'SUPER_ADMIN'] as const) {
      expect(jobSeenAs(jobVisibility(principal, job, off), job)).toBe(job);
    }
  });

  it('the timeline: the editor gets the work’s entries, not the payment’s; the others all', () => {
    const entry = (kind: string, action: string): HistoryEntry => ({
      id: `${kind}-${action}`,
      at: '2026-11-02T10:00:00.000Z',
      kind,
      action,
      actor: { kind: 'system', id: null, role: null },
      summary: action,
      paymentStatus: null,
    });
    const entries = [entry('created', 'created'), entry('payment', 'marked-paid'), entry('delivered', 'delivered')];
    expect(timelineSeenAs(jobVisibility('EDITOR', delivered, off), entries).map((e) => e.kind)).toEqual([
      'created',
      'delivered',
    ]);
    for (const principal of ['CLIENT', 'MANAGER', 'SUPER_ADMIN'] as const) {
      expect(timelineSeenAs(jobVisibility(principal, delivered, off), entries)).toEqual(entries);
    }
  });
});

/** Whether a zod schema's answer carries `target` (an object's field, a list's item, nullable...). */
function carries(schema: unknown, target: unknown, seen = new Set<unknown>()): boolean {
  if (schema === target) return true;
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return false;
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return false;
  const inner = [def.innerType, def.element, def.in, def.out, ...Object.values((def.shape as object) ?? {})];
  return inner.some((child) => carries(child, target, seen));
}

const functionsSrc = path.resolve(import.meta.dirname, '..', '..', 'src');

/** The source of the module that implements a route, found through its group's handler. */
function routeSource(group: string, name: string): string {
  const handler = readFileSync(path.join(functionsSrc, group, 'handler.ts'), 'utf8');
  const impl = new RegExp(`\\b${name}: (\\w+)`).exec(handler)?.[1];
  expect(impl, `${group}/handler.ts maps ${name}`).toBeDefined();
  const from = new RegExp(`import \\{[^}]*\\b${impl}\\b[^}]*\\} from '(\\.[^']+)'`).exec(handler)?.[1];
  expect(from, `${group}/handler.ts imports ${impl!}`).toBeDefined();
  const file = path.join(functionsSrc, group, from!);
  expect(existsSync(file)).toBe(true);
  return readFileSync(file, 'utf8');
}

describe('every answer that carries a job passes it through the one rule', () => {
  const jobRoutes = routeList.filter((route) => carries(route.response, jobSchema));
  const timelineRoutes = routeList.filter((route) => carries(route.response, historyEntrySchema));

  it('finds the routes that answer jobs and timelines', () => {
    // A check of the check: the routes of #32's finding are among them.
    expect(jobRoutes.map((r) => r.name)).toEqual(
      expect.arrayContaining(['getJob', 'listClientJobs', 'listUserJobs', 'listAssignedJobs', 'createJob']),
    );
    expect(timelineRoutes.map((r) => r.name)).toEqual(expect.arrayContaining(['getJobTimeline', 'getJobHistory']));
    expect(readdirSync(functionsSrc)).toContain('jobs');
  });

  it.each(routeList.filter((route) => carries(route.response, jobSchema)).map((r) => [r.name, r.group]))(
    '%s answers its job(s) through jobFor / jobsFor',
    (name, group) => {
      expect(routeSource(group, name)).toMatch(/\bjobs?For\(/);
    },
  );

  it.each(routeList.filter((route) => carries(route.response, historyEntrySchema)).map((r) => [r.name, r.group]))(
    '%s answers the timeline through timelineFor',
    (name, group) => {
      expect(routeSource(group, name)).toMatch(/\btimelineFor\(/);
    },
  );
});
