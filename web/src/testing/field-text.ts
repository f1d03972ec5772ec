import { screen } from '@testing-library/react';

/** The field labelled `label`, as an input (its `value`, `checked`). */
export const fieldByLabel = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/**
 * What describes the field labelled `label` (its hint and its error, as `aria-describedby` ties
 * them to it), the way a screen reader reads it after the label.
 */
export function fieldDescription(label: string): string {
  return (fieldByLabel(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean)
    .join(' ');
}
