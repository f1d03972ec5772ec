import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClaimsSection } from './claims-section.tsx';

describe('ClaimsSection', () => {
  it('is a section named by its heading, with a card per claim', () => {
    render(
      <ClaimsSection
        heading="Why choose us"
        claims={[
          ['Fast', 'Back within 24 hours.'],
          ['Careful', 'Checked twice.'],
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Why choose us' });
    const cards = within(section).getAllByRole('listitem');
    expect(cards.map((card) => [card.querySelector('h3')?.textContent, card.querySelector('p')?.textContent])).toEqual([
      ['Fast', 'Back within 24 hours.'],
      ['Careful', 'Checked twice.'],
    ]);
  });
});
