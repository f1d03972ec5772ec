import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { leadLimits } from '@studio/shared/lead-limits';
import { describe, expect, it } from 'vitest';
import { ContactField, MessageField, type ContactFieldKind } from './contact-field.tsx';

function Shown({ kind, required, error }: { kind: ContactFieldKind; required?: boolean; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <ContactField
      kind={kind}
      required={required}
      name={kind}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      error={error}
    />
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('ContactField', () => {
  it.each([
    ['name', 'Name *', 'text', 'name', leadLimits.name],
    ['email', 'Email *', 'email', 'email', leadLimits.email],
    ['phone', 'Phone *', 'tel', 'tel', leadLimits.phone],
  ] as const)('gives the %s field its label, type, autofill and length limit', (kind, label, type, autofill, max) => {
    render(<Shown kind={kind} required />);
    const field = input(label);
    expect(field.type).toBe(type);
    expect(field.autocomplete).toBe(autofill);
    expect(field.maxLength).toBe(max);
    expect(field.required).toBe(true);
    expect(field.name).toBe(kind);
  });

  it('marks only a required field with a star', () => {
    render(<Shown kind="name" />);
    expect(input('Name').required).toBe(false);
    expect(screen.queryByLabelText('Name *')).toBeNull();
  });

  it('is a controlled input, and ties its error to it for screen readers', () => {
    render(<Shown kind="email" required error="Email must be an email address" />);
    fireEvent.change(input('Email *'), { target: { value: 'ann@example.com' } });
    expect(input('Email *').value).toBe('ann@example.com');
    expect(input('Email *').getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(input('Email *').getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Email must be an email address');
  });

  it('gives the message field its label, length limit and error', () => {
    render(<MessageField name="description" value="" onChange={() => undefined} error="Message is required" />);
    const message = screen.getByLabelText('Message *') as HTMLTextAreaElement;
    expect(message.tagName).toBe('TEXTAREA');
    expect(message.required).toBe(true);
    expect(message.maxLength).toBe(leadLimits.description);
    expect(document.getElementById(message.getAttribute('aria-describedby')!)?.textContent).toBe('Message is required');
  });
});
