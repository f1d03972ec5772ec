import { describe, expect, it } from 'vitest';
import type { Application } from '@studio/shared/job-application';
import { filterApplications, orNotSpecified } from './review-logic.ts';

const application = (fullName: string, email: string, title: string) =>
  ({ fullName, email, contactNo: '+12025550100', jobOpening: { title } }) as Application;

describe('filterApplications', () => {
  const list = [
    application('Ann Lee', 'ann@example.com', 'Retoucher'),
    application('Bob Stone', 'bob@pixel.test', 'Clipping Path Artist'),
  ];
  it('matches name, email or job title, ignoring case and surrounding spaces', () => {
    expect(filterApplications(list, '  ANN ').map((a) => a.fullName)).toEqual(['Ann Lee']);
    expect(filterApplications(list, 'PIXEL.test').map((a) => a.fullName)).toEqual(['Bob Stone']);
    expect(filterApplications(list, 'clipping').map((a) => a.fullName)).toEqual(['Bob Stone']);
    expect(filterApplications(list, '')).toHaveLength(2);
  });
  it('does not search other fields', () => {
    expect(filterApplications(list, '2025550100')).toEqual([]);
  });
});

describe('orNotSpecified', () => {
  it("shows 'Not specified' for empty values", () => {
    expect(orNotSpecified(null)).toBe('Not specified');
    expect(orNotSpecified('  ')).toBe('Not specified');
    expect(orNotSpecified('40k')).toBe('40k');
  });
});
