import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorEnvelope } from '@studio/shared/errors';
import { createSpecBodySchema, type CreateSpecBody } from '@studio/shared/style-spec';
import { ApiError } from '../../../lib/api-client.ts';
import { makeService } from '../../../testing/service-fixtures.ts';
import { specFixture } from '../../../testing/spec-fixtures.ts';
import { SpecForm } from './spec-form.tsx';

const service = makeService(1, {
  subServices: [
    {
      id: '01JD0SVB000000000000000001',
      serviceId: makeService(1).id,
      name: 'Clipping path',
      description: '',
      order: 1,
      prices: [{ price: 0.5, currency: 'USD', cents: 50 }],
      beforeImage: null,
      afterImage: null,
    },
  ],
  turnarounds: [
    { id: 'standard', name: 'Standard', hours: 48, multiplier: 1 },
    { id: 'express', name: 'Express', hours: 24, multiplier: 1.5 },
  ],
});

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('SpecForm', () => {
  it('starts at "keep" and sends a name alone as a spec that keeps everything', async () => {
    const save = vi.fn(async (_body: CreateSpecBody) => undefined);
    render(<SpecForm organisationId="org-1" services={[service]} save={save} submitLabel="Save the spec" />);
    expect(field('Background').value).toBe('keep');
    expect(field('Position').value).toBe('keep');
    expect(field('Crop').value).toBe('keep');
    expect(field('Format').value).toBe('keep');
    expect(field('Colour profile').value).toBe('keep');
    expect(field('Top').value).toBe('');
    // No service: no options or turnaround to choose.
    expect(screen.queryByLabelText('Turnaround')).toBeNull();

    fireEvent.change(field('Name *'), { target: { value: '  Catalogue  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the spec' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    // Every setting but the name at the contract's default: keep.
    expect(save.mock.calls[0]![0]).toEqual(createSpecBodySchema.parse({ name: 'Catalogue' }));
  });

  it("marks each field with the contract's message and sends nothing", async () => {
    const save = vi.fn(async (_body: CreateSpecBody) => undefined);
    render(<SpecForm organisationId="org-1" services={[service]} save={save} submitLabel="Save the spec" />);
    fireEvent.change(field('Top'), { target: { value: '50' } });
    fireEvent.change(field('Aspect ratio'), { target: { value: 'square' } });
    fireEvent.change(field('DPI'), { target: { value: '30' } });
    fireEvent.change(field('File names'), { target: { value: 'photo {date}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the spec' }));

    expect(await screen.findByText('Enter the spec’s name.')).toBeTruthy();
    expect(screen.getByText('A margin is at most 45 %.')).toBeTruthy();
    // The other three sides, left empty while one is given, are required.
    expect(screen.getByText('Right margin is required')).toBeTruthy();
    expect(screen.getByText('Enter the aspect ratio as width:height, e.g. 4:5.')).toBeTruthy();
    expect(screen.getByText('At least 72 DPI.')).toBeTruthy();
    expect(screen.getByText('Use letters, digits, - _ . and {original}, {n} or {job}.')).toBeTruthy();
    expect(field('Name *').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('offers the chosen service’s options and turnarounds, and sends them', async () => {
    const save = vi.fn(async (_body: CreateSpecBody) => undefined);
    render(<SpecForm organisationId="org-1" services={[service]} save={save} submitLabel="Save the spec" />);
    fireEvent.change(field('Name *'), { target: { value: 'Express clipping' } });
    fireEvent.change(field('Service'), { target: { value: service.id } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Clipping path' }));
    fireEvent.change(field('Turnaround'), { target: { value: 'express' } });
    fireEvent.change(field('Background'), { target: { value: 'white' } });
    fireEvent.change(field('Colour'), { target: { value: '#f5f5f5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the spec' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toMatchObject({
      serviceId: service.id,
      subserviceIds: ['01JD0SVB000000000000000001'],
      turnaroundId: 'express',
      background: 'white',
      backgroundHex: '#F5F5F5',
    });
  });

  it('says that someone saved meanwhile on a 409, and offers to reload', async () => {
    const onReload = vi.fn();
    const conflict = errorEnvelope('CONFLICT', 'The spec was saved meanwhile.');
    const save = vi.fn(async () => {
      throw new ApiError(409, conflict.error, conflict.message);
    });
    render(
      <SpecForm
        spec={specFixture(1, { name: 'Catalogue', version: 3, latestVersion: 3 })}
        organisationId="org-1"
        services={[service]}
        save={save}
        onReload={onReload}
        submitLabel="Save as version 4"
      />,
    );
    expect(field('Name *').value).toBe('Catalogue');
    fireEvent.click(screen.getByRole('button', { name: 'Save as version 4' }));
    expect(
      await screen.findByText('Someone saved this spec while you were editing it, so your changes were not saved.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload the spec' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
