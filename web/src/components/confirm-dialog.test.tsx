import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { ConfirmProvider, useConfirm, type ConfirmOptions } from './confirm-dialog.tsx';

/** A page with a Delete button that asks first, and a note of each answer. */
function Page({ options }: { options: ConfirmOptions }) {
  const confirm = useConfirm();
  const [answers, setAnswers] = useState<boolean[]>([]);
  return (
    <>
      <button type="button" onClick={() => void confirm(options).then((yes) => setAnswers((a) => [...a, yes]))}>
        Delete service
      </button>
      <output>{answers.join(',')}</output>
    </>
  );
}

function open(options: Partial<ConfirmOptions> = {}) {
  render(
    <ConfirmProvider>
      <main id="page">
        <Page
          options={{
            title: 'Delete this service?',
            message: 'Are you sure you want to delete this service?',
            confirmLabel: 'Yes, delete',
            tone: 'danger',
            ...options,
          }}
        />
      </main>
    </ConfirmProvider>,
  );
  const opener = screen.getByRole('button', { name: 'Delete service' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('alertdialog', { name: 'Delete this service?' }) };
}

const answers = () => document.querySelector('output')?.textContent;

describe('ConfirmDialog (useConfirm)', () => {
  it('is a labelled, described modal alertdialog; focus starts on Cancel for a destructive action', () => {
    const { dialog } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Are you sure you want to delete this service?',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    // The rest of the page is inert while it is open.
    expect(document.getElementById('page')?.closest('[inert]')).not.toBeNull();
  });

  it('Escape cancels, focus returns to the opener and the page is live again', async () => {
    const { opener, dialog } = open();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(answers()).toBe('false'));
    expect(document.activeElement).toBe(opener);
    expect(document.getElementById('page')?.closest('[inert]')).toBeNull();
  });

  it('Tab and Shift+Tab cycle inside the dialog', () => {
    open();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const yes = screen.getByRole('button', { name: 'Yes, delete' });
    yes.focus();
    fireEvent.keyDown(yes, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(yes);
    // Focus that lands outside is brought back in.
    act(() => screen.getByRole('button', { name: 'Delete service', hidden: true }).focus());
    expect(document.activeElement).toBe(cancel);
  });

  it('a click on the backdrop cancels; a click inside does not', async () => {
    const { dialog } = open();
    fireEvent.mouseDown(dialog);
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    fireEvent.mouseDown(dialog.parentElement!);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(answers()).toBe('false'));
  });

  it('Yes answers true without an action', async () => {
    open({ tone: 'default' });
    // Not destructive: focus starts on the yes button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(answers()).toBe('true'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('runs the action, busy until it settles, and closes when it succeeds', async () => {
    let finish: () => void = () => undefined;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { dialog } = open({ action, busyLabel: 'Deleting...' });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(action).toHaveBeenCalledTimes(1);
    const busy = await screen.findByRole('button', { name: 'Deleting...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    // While it runs: no second run, and Escape does not close it.
    fireEvent.click(busy);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    await act(async () => finish());
    await waitFor(() => expect(answers()).toBe('true'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("shows a failed action's reason and stays open to try again or cancel", async () => {
    const action = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'The service has client jobs.'))
      .mockResolvedValueOnce(undefined);
    open({ action, failureText: 'Error deleting service' });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error deleting service The service has client jobs.');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(answers()).toBe('true'));
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('needs a ConfirmProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Page options={{ title: 'x' }} />)).toThrow(/ConfirmProvider/);
  });
});
