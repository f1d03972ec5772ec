import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '@studio/shared/job';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { jobFixture, pricedAt } from '../../testing/job-fixtures.ts';
import { organisationFixture, personalOrganisation } from '../../testing/organisation-fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { fixtureId, makeService, makeSubService } from '../../testing/service-fixtures.ts';
import { specFixture } from '../../testing/spec-fixtures.ts';
import { QuoteForm } from '../../features/jobs/components/quote-form.tsx';
import { SpecPicker } from '../../features/specs/components/spec-picker.tsx';

const serviceId = fixtureId(1);

const subServices = [makeSubService(1), makeSubService(2), makeSubService(3)];
const service = makeService(1, {
  subServices,
  turnarounds: [
    { id: 'standard', name: 'Standard', hours: 48, multiplier: 1 },
    { id: 'express', name: 'Express', hours: 24, multiplier: 1.5 },
  ],
});
const team = organisationFixture(2, { name: 'Acme Brands', role: 'BUYER' });

const fits = specFixture(1, {
  name: 'Express clipping',
  serviceId,
  // Sub 3 and an option of another service: only this service's ones are ticked.
  subserviceIds: [subServices[0]!.id, subServices[2]!.id, fixtureId(9, '01JD0SVB00000000000000')],
  turnaroundId: 'express',
  instructions: 'No shadows.',
});
const anyService = specFixture(2, { name: 'Plain white', background: 'white' });
const otherService = specFixture(3, { name: 'Video frames', serviceId: fixtureId(2) });

const job = (): Job => jobFixture({ id: fixtureId(7, '01JD0J0B00000000000000'), serviceId, ...pricedAt(100) });

function renderQuote() {
  const onCreated = vi.fn();
  const stub = stubFetch({
    [`GET /api/organisations/${team.id}/specs`]: () => jsonResponse({ specs: [otherService, fits, anyService] }),
    [`GET /api/organisations/${personalOrganisation.id}/specs`]: () => jsonResponse({ specs: [] }),
    'POST /api/jobs': () => jsonResponse({ job: job() }, 201),
  });
  renderWithProviders(
    <QuoteForm
      serviceId={serviceId}
      subServices={subServices}
      turnarounds={service.turnarounds}
      orderFor={{ organisations: [personalOrganisation, team], initial: team.id }}
      specChoice={({ organisationId, specId, onChange }) => (
        <SpecPicker organisationId={organisationId} service={service} specId={specId} onChange={onChange} />
      )}
      onCreated={onCreated}
    />,
  );
  return { ...stub, onCreated };
}

const checkbox = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('Use a spec on the quote page', () => {
  it('offers the specs that fit this service, pre-fills its options and turnaround, and orders with it', async () => {
    const { calls, onCreated } = renderQuote();
    const select = (await screen.findByLabelText('Use a spec')) as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual([
      'No spec',
      'Express clipping (version 1)',
      'Plain white (version 1)',
    ]);
    expect(radio(/Standard/).checked).toBe(true);

    fireEvent.change(select, { target: { value: fits.id } });
    expect(checkbox(/Sub 1/).checked).toBe(true);
    expect(checkbox(/Sub 2/).checked).toBe(false);
    expect(checkbox(/Sub 3/).checked).toBe(true);
    expect(radio(/Express/).checked).toBe(true);
    expect(screen.getByText('No shadows.')).toBeTruthy();

    // The client may still change what the spec filled in.
    fireEvent.click(checkbox(/Sub 3/));
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'USD' } });
    fireEvent.change(screen.getByLabelText('Cloud storage link'), { target: { value: 'https://example.test/f' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const sent = JSON.parse(calls.find((call) => call.method === 'POST')!.body!) as Record<string, unknown>;
    expect(sent).toMatchObject({
      organisationId: team.id,
      specId: fits.id,
      selectedSubServices: [subServices[0]!.id],
      turnaroundId: 'express',
    });
  });

  it('clears the spec when the order is for another organisation, which has none', async () => {
    renderQuote();
    const select = (await screen.findByLabelText('Use a spec')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: anyService.id } });
    expect(screen.getByText('Solid colour #FFFFFF')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Order for'), { target: { value: personalOrganisation.id } });
    await waitFor(() => expect(screen.queryByLabelText('Use a spec')).toBeNull());
    expect(screen.queryByText('Solid colour #FFFFFF')).toBeNull();

    // Back to the team: its specs again, none chosen.
    fireEvent.change(screen.getByLabelText('Order for'), { target: { value: team.id } });
    expect(((await screen.findByLabelText('Use a spec')) as HTMLSelectElement).value).toBe('');
  });
});
