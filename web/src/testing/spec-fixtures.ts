import type { StyleSpec } from '@studio/shared/style-spec';
import { fixtureId } from './service-fixtures.ts';

/** A style spec (#35) of organisation `organisationId`, everything at "keep" unless overridden. */
export function specFixture(n: number, overrides: Partial<StyleSpec> = {}): StyleSpec {
  return {
    id: fixtureId(n, '01JD0SPEC0000000000000'),
    organisationId: fixtureId(2, '01JD0RGAN0000000000000'),
    version: 1,
    latestVersion: 1,
    deleted: false,
    name: `Spec ${n}`,
    instructions: '',
    serviceId: null,
    subserviceIds: [],
    turnaroundId: null,
    background: 'keep',
    backgroundHex: '#FFFFFF',
    margins: null,
    alignment: 'keep',
    crop: 'keep',
    aspectRatio: null,
    outputSize: null,
    fileFormat: 'keep',
    colourProfile: 'keep',
    dpi: null,
    maxFileSizeKb: null,
    fileNaming: null,
    referenceImages: [],
    savedBy: { accountId: 'u-1', name: 'Olive Owner' },
    createdAt: '2026-11-28T10:00:00.000Z',
    savedAt: '2026-11-28T10:00:00.000Z',
    copiedFrom: null,
    ...overrides,
  };
}
