import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fixtureId } from '../../../testing/service-fixtures.ts';
import { ContactForm } from './contact-form.tsx';

function fill() {
  fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Ann Lee' } });
  fireEvent.change(screen.getByLabelText('Email *'), { target: { value: 'ann@example.com' } });
  fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '+1 555 0100' } });
  fireEvent.change(screen.getByLabelText('Service'), { target: { value: 'Jewelry' } });
  fireEvent.change(screen.getByLabelText('Message *'), { target: { value: 'Need 200 ring photos.' } });
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('ContactForm', () => {
  afterEach(() => vi.useRealTimers());

  it('marks the mandatory fields and offers the services as an optional choice', () => {
    renderWithProviders(<ContactForm services={['Jewelry', 'Headshot']} servicesFailed={false} />);
    expect(screen.getByText('(*) are mandatory fields')).toBeTruthy();
    for (const label of ['Name *', 'Email *', 'Phone *', 'Message *']) expect(input(label).required).toBe(true);
    expect(input('Phone *').type).toBe('tel');
    const options = [...(screen.getByLabelText('Service') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(['Select a service (optional)', 'Jewelry', 'Headshot']);
  });

  it("sends the lead, shows 'Sending...', then the green notice for 3 s and clears the form", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = stubFetch({
      'POST /api/contact/addnew': async () => {
        await held;
        return jsonResponse({ id: fixtureId(1), message: 'Your message has been sent successfully!' }, 201);
      },
    });
    renderWithProviders(<ContactForm services={['Jewelry']} servicesFailed={false} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy();
    expect(JSON.parse(calls[0]!.body!)).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '+1 555 0100',
      service: 'Jewelry',
      description: 'Need 200 ring photos.',
      website: '',
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    release();
    expect(await screen.findByText('Your message has been sent successfully!')).toBeTruthy();
    expect(input('Name *').value).toBe('');
    expect(input('Message *').value).toBe('');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Your message has been sent successfully!')).toBeNull();
  });

  it('keeps what the visitor typed and shows the server message on failure; × dismisses it', async () => {
    stubFetch({
      'POST /api/contact/addnew': () =>
        jsonResponse(
          { statusCode: 429, error: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' },
          429,
        ),
    });
    renderWithProviders(<ContactForm services={['Jewelry']} servicesFailed={false} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const alert = await screen.findByText('Too many requests. Please try again later.');
    expect(alert.closest('.notice--error')).toBeTruthy();
    expect(input('Name *').value).toBe('Ann Lee');
    expect(input('Message *').value).toBe('Need 200 ring photos.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    await waitFor(() => expect(screen.queryByText('Too many requests. Please try again later.')).toBeNull());
  });

  it("says 'Network error occurred' when no answer arrives", async () => {
    stubFetch({
      'POST /api/contact/addnew': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithProviders(<ContactForm services={[]} servicesFailed />);
    expect(screen.getByText('Failed to load services')).toBeTruthy();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Network error occurred')).toBeTruthy();
    expect(input('Email *').value).toBe('ann@example.com');
  });

  it('checks with the route schema what the browser lets through (a blank name), and sends nothing', async () => {
    const { calls } = stubFetch({});
    renderWithProviders(<ContactForm services={['Jewelry']} servicesFailed={false} />);
    fill();
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const error = await screen.findByText('Name is required');
    expect(input('Name *').getAttribute('aria-describedby')).toBe(error.id);
    expect(screen.getByText('Please correct the fields marked below.').closest('.notice--error')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('marks the field the server refused, and says the refusal in the notice', async () => {
    stubFetch({
      'POST /api/contact/addnew': () =>
        jsonResponse(
          {
            statusCode: 400,
            error: 'VALIDATION_ERROR',
            message: 'Invalid request',
            details: { issues: [{ path: 'body.phone', message: 'must be a phone number' }] },
          },
          400,
        ),
    });
    renderWithProviders(<ContactForm services={['Jewelry']} servicesFailed={false} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByText('Invalid request')).closest('.notice--error')).toBeTruthy();
    expect(screen.getByText('Phone must be a phone number')).toBeTruthy();
    expect(input('Phone *').getAttribute('aria-invalid')).toBe('true');
    expect(input('Name *').value).toBe('Ann Lee');
  });
});
