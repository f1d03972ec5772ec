import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fixtureId } from '../../../testing/service-fixtures.ts';
import { FreeTrialForm } from './free-trial-form.tsx';

const services = [
  { id: fixtureId(1), name: 'Jewelry' },
  { id: fixtureId(2), name: 'Headshot' },
];

function fill() {
  fireEvent.change(screen.getByLabelText('Service *'), { target: { value: fixtureId(2) } });
  fireEvent.change(screen.getByLabelText('Image link *'), { target: { value: 'https://drive.example.com/a.jpg' } });
  fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Bo' } });
  fireEvent.change(screen.getByLabelText('Email *'), { target: { value: 'bo@example.com' } });
  fireEvent.click(screen.getByLabelText('PNG'));
}

describe('FreeTrialForm', () => {
  it('defaults the format to JPG and offers the four formats', () => {
    renderWithProviders(<FreeTrialForm services={services} />);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(['JPG', 'PNG', 'PSD', 'TIFF']);
    expect(radios.find((r) => r.checked)?.value).toBe('JPG');
  });

  it("disables the fields with 'SENDING...' while sending, then thanks the visitor", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = stubFetch({
      'POST /api/free-trial-leads': async () => {
        await held;
        return jsonResponse({ id: fixtureId(9), message: 'Thank you for your submission!' }, 201);
      },
    });
    const onSubmitted = vi.fn();
    renderWithProviders(<FreeTrialForm services={services} onSubmitted={onSubmitted} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'SUBMIT' }));
    const button = await screen.findByRole('button', { name: 'SENDING...' });
    expect((screen.getByLabelText('Name *') as HTMLInputElement).matches(':disabled')).toBe(true);
    expect(button.closest('fieldset')?.disabled).toBe(true);
    expect(JSON.parse(calls[0]!.body!)).toEqual({
      serviceId: fixtureId(2),
      service: 'Headshot',
      name: 'Bo',
      email: 'bo@example.com',
      format: 'PNG',
      imageLink: 'https://drive.example.com/a.jpg',
      website: '',
    });
    release();
    expect(await screen.findByText('Thank you for your submission!')).toBeTruthy();
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Name *') as HTMLInputElement).value).toBe('');
  });

  it('keeps the input and shows the error sentence with the server reason', async () => {
    stubFetch({
      'POST /api/free-trial-leads': () =>
        jsonResponse(
          {
            statusCode: 400,
            error: 'VALIDATION_ERROR',
            message: 'Invalid request',
            details: { issues: [{ path: 'body.imageLink', message: 'must be a web address (http or https)' }] },
          },
          400,
        ),
    });
    renderWithProviders(<FreeTrialForm services={services} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(
      await screen.findByText(/^There was an error submitting your form\. Please try again\. Invalid request/),
    ).toBeTruthy();
    expect((screen.getByLabelText('Name *') as HTMLInputElement).value).toBe('Bo');
  });
});
