import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fixtureId } from '../../../testing/service-fixtures.ts';
import { ApplicationForm } from './application-form.tsx';

const openingId = fixtureId(7);
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function choose(label: string, file: File) {
  const element = input(label);
  Object.defineProperty(element, 'files', { value: [file], configurable: true });
  fireEvent.change(element);
}

function pdf(name = 'cv.pdf', size?: number) {
  const file = new File(['%PDF-1.4\n'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function fillRequired() {
  fireEvent.change(input('Email *'), { target: { value: 'ann@example.com' } });
  fireEvent.change(input('Full Name *'), { target: { value: 'Ann Lee' } });
  fireEvent.change(input('Contact Number *'), { target: { value: '(202) 555-0147' } });
  fireEvent.change(input('Current Location *'), { target: { value: 'Austin' } });
  fireEvent.change(input('Overall Experience *'), { target: { value: '3 years' } });
  fireEvent.change(input('Notice Period *'), { target: { value: '30 days' } });
  choose('Resume *', pdf());
}

const link = (n: number) => ({
  uploadurl: {
    url: 'http://bucket.test/studio-applications',
    fields: { key: `uploads/${fixtureId(n)}.pdf` },
    key: `uploads/${fixtureId(n)}.pdf`,
  },
});

describe('ApplicationForm', () => {
  it('offers every field of the spec, US phone code, Full Time by default and Part Time for PartTime', () => {
    stubFetch();
    renderWithProviders(<ApplicationForm jobOpeningId={openingId} jobTitle="Retoucher" />);
    for (const label of [
      'Email *',
      'Full Name *',
      'Contact Number *',
      'Current Location *',
      'Overall Experience *',
      'Notice Period *',
      'Resume *',
    ]) {
      expect(input(label).required, label).toBe(true);
    }
    for (const label of [
      'Current Company',
      'Current Designation',
      'Current CTC',
      'Expected CTC',
      'Portfolio Link',
      'Cover Letter',
    ]) {
      expect(input(label).required, label).toBe(false);
    }
    expect(input('Email *').type).toBe('email');
    expect(input('Portfolio Link').type).toBe('url');
    expect((screen.getByLabelText('Country of the phone number') as HTMLSelectElement).value).toBe('US');
    expect(screen.getByText('+1')).toBeTruthy();
    const jobType = screen.getByLabelText('Job Type') as HTMLSelectElement;
    expect(jobType.value).toBe('Full Time');
    expect([...jobType.options].map((o) => [o.value, o.textContent])).toEqual([
      ['Full Time', 'Full Time'],
      ['Contract', 'Contract'],
      ['Internship', 'Internship'],
      ['PartTime', 'Part Time'],
    ]);
    expect(screen.getAllByText('Upload PDF or DOC (Max 10MB)')).toHaveLength(2);
    expect(input('Resume *').accept).toContain('.docx');
  });

  it('refuses a file over 10485760 bytes or of another type with an alert and does not keep it', () => {
    stubFetch();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderWithProviders(<ApplicationForm jobOpeningId={openingId} jobTitle="Retoucher" />);
    choose('Resume *', pdf('big.pdf', 10_485_761));
    expect(alert).toHaveBeenLastCalledWith('File size should not exceed 10MB');
    expect(input('Resume *').value).toBe('');
    choose('Cover Letter', new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(alert).toHaveBeenLastCalledWith('Only PDF, DOC or DOCX files are accepted.');
    // Nothing was uploaded: no fetch at all (an unexpected one fails the test).
  });

  it("uploads, sends, shows 'Submitting...', alerts success and resets everything", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = stubFetch({
      'POST /api/job-openings/job-applications/upload-link': () => jsonResponse(link(1)),
      'POST /studio-applications': () => new Response(null, { status: 204 }),
      'POST /api/job-openings/job-applications': async () => {
        await held;
        return jsonResponse({ id: fixtureId(9), message: 'Application submitted successfully!' }, 201);
      },
    });
    renderWithProviders(<ApplicationForm jobOpeningId={openingId} jobTitle="Retoucher" />);
    fillRequired();
    fireEvent.change(screen.getByLabelText('Job Type'), { target: { value: 'PartTime' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toHaveProperty('disabled', true);
    const sent = JSON.parse(calls.find((c) => c.url.pathname === '/api/job-openings/job-applications')!.body!);
    expect(sent).toEqual({
      jobOpeningId: openingId,
      email: 'ann@example.com',
      fullName: 'Ann Lee',
      contactNo: '+12025550147',
      currentLocation: 'Austin',
      overallExperience: '3 years',
      jobType: 'PartTime',
      noticePeriod: '30 days',
      resume: { key: `uploads/${fixtureId(1)}.pdf`, fileName: 'cv.pdf' },
    });
    release();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Application submitted successfully!'));
    expect(input('Full Name *').value).toBe('');
    expect(input('Contact Number *').value).toBe('');
    expect((screen.getByLabelText('Job Type') as HTMLSelectElement).value).toBe('Full Time');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeTruthy();
  });

  it('keeps the form and shows the failure with the field named; a retry does not upload again', async () => {
    const { calls } = stubFetch({
      'POST /api/job-openings/job-applications/upload-link': () => jsonResponse(link(2)),
      'POST /studio-applications': () => new Response(null, { status: 204 }),
      'POST /api/job-openings/job-applications': [
        () =>
          jsonResponse(
            {
              statusCode: 400,
              error: 'VALIDATION_FAILED',
              message: 'The request is not valid.',
              details: { issues: [{ path: 'body.noticePeriod', message: 'must be at most 100 characters' }] },
            },
            400,
          ),
        () => jsonResponse({ statusCode: 500, error: 'INTERNAL', message: 'Something went wrong.' }, 500),
      ],
    });
    renderWithProviders(<ApplicationForm jobOpeningId={openingId} jobTitle="Retoucher" />);
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('must be at most 100 characters')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Failed to submit application. Please try again.');
    expect(input('Full Name *').value).toBe('Ann Lee');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText(/Something went wrong/);
    expect(calls.filter((c) => c.url.pathname.endsWith('/upload-link'))).toHaveLength(1);
  });

  it('checks the fields before uploading anything', async () => {
    stubFetch();
    renderWithProviders(<ApplicationForm jobOpeningId={openingId} jobTitle="Retoucher" />);
    fireEvent.change(input('Email *'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('must be an email address')).toBeTruthy();
    expect(screen.getAllByText('is required').length).toBeGreaterThanOrEqual(5);
  });
});
