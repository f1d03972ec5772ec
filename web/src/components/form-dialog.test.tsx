import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog.tsx';

function Shown({ submitting, formError }: { submitting: boolean; formError: string | null }) {
  return (
    <FormDialog title="Refund" onClose={onClose} form={{ submitting, formError }} onSubmit={onSubmit}>
      <button type="submit">Refund</button>
    </FormDialog>
  );
}
const onClose = vi.fn();
const onSubmit = vi.fn(() => Promise.resolve());

describe('FormDialog', () => {
  it("shows the form's failure first and sends the form with its handler", () => {
    render(<Shown submitting={false} formError="Failed to refund the job" />);
    const dialog = screen.getByRole('dialog', { name: 'Refund' });
    expect(dialog.querySelector('form')?.noValidate).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Failed to refund the job');
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('cannot be dismissed while the form is being sent, and can again after', () => {
    const { rerender } = render(<Shown submitting formError={null} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    rerender(<Shown submitting={false} formError={null} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
