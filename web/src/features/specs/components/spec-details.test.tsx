import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Service } from '@studio/shared/service';
import type { StyleSpec } from '@studio/shared/style-spec';
import { specFixture } from '../../../testing/spec-fixtures.ts';
import { SpecDetails } from './spec-details.tsx';

const keepSpec = specFixture(1, { id: '01JSPEC0000000000000000001', name: 'Catalogue' });

const service = {
  id: '01JSERVICE0000000000000001',
  name: 'Product photos',
  subServices: [
    { id: '01JSUB00000000000000000001', name: 'Clipping path' },
    { id: '01JSUB00000000000000000002', name: 'Shadow' },
  ],
  turnarounds: [
    { id: 'standard', name: 'Standard', hours: 48, multiplier: 1 },
    { id: 'express', name: 'Express', hours: 24, multiplier: 1.5 },
  ],
} as unknown as Service;

function settingsOf(container: HTMLElement) {
  return [...container.querySelectorAll('.spec-details__setting')].map((row) => [
    row.querySelector('dt')!.textContent,
    row.querySelector('dd')!.textContent,
  ]);
}

describe('SpecDetails', () => {
  it('says a spec that keeps everything in one line', () => {
    const { container } = render(<SpecDetails spec={keepSpec} />);
    expect(settingsOf(container)).toEqual([]);
    expect(screen.getByText('Everything: as the photo is')).toBeTruthy();
    expect(screen.queryByText('Instructions')).toBeNull();
    expect(screen.queryByText('Reference images')).toBeNull();
  });

  it('puts the settings in words and folds the kept ones into one line', () => {
    const spec: StyleSpec = {
      ...keepSpec,
      serviceId: service.id,
      subserviceIds: ['01JSUB00000000000000000002', '01JSUB00000000000000000001'],
      turnaroundId: 'express',
      background: 'white',
      backgroundHex: '#F5F5F5',
      margins: { top: 5, right: 5, bottom: 10, left: 5 },
      crop: 'ratio',
      aspectRatio: '4:5',
      fileFormat: 'PSD',
      maxFileSizeKb: 5000,
      instructions: 'Remove the tags.\nKeep the stitching sharp.',
    };
    const { container } = render(<SpecDetails spec={spec} services={[service]} />);
    expect(settingsOf(container)).toEqual([
      ['Service', 'Product photos'],
      ['Options', 'Shadow, Clipping path'],
      ['Turnaround', 'Express'],
      ['Background', 'Solid colour #F5F5F5'],
      ['Margins', 'top 5 %, right 5 %, bottom 10 %, left 5 %'],
      ['Crop', 'Crop to the aspect ratio'],
      ['Aspect ratio', '4:5'],
      ['File format', 'PSD (layered)'],
      ['Largest file', '5,000 KB'],
    ]);
    const kept = screen.getByText('Everything else: as the photo is');
    expect(kept.getAttribute('title')).toBe('Kept: position, output size, colour profile, resolution, file names');
    // The line break of the instructions is kept (drawn by `white-space: pre-line`).
    expect(container.querySelector('.spec-details__text')!.textContent).toBe(
      'Remove the tags.\nKeep the stitching sharp.',
    );
  });

  it('names a service it does not know rather than showing an id', () => {
    const other = { ...service, id: '01JSERVICE0000000000000002' } as Service;
    const { container } = render(
      <SpecDetails
        spec={{ ...keepSpec, serviceId: service.id, margins: { top: 3, right: 3, bottom: 3, left: 3 } }}
        services={[other]}
      />,
    );
    expect(settingsOf(container)).toEqual([
      ['Service', 'A service no longer offered'],
      ['Margins', '3 % on every side'],
    ]);
  });

  it('shows the reference images as thumbnails that open full size', () => {
    const spec: StyleSpec = {
      ...keepSpec,
      referenceImages: [
        {
          id: '01JREF00000000000000000001',
          fileName: 'front.jpg',
          contentType: 'image/jpeg',
          url: 'http://localhost:1/ref/front.jpg?sig=a',
        },
        {
          id: '01JREF00000000000000000002',
          fileName: 'back.png',
          contentType: 'image/png',
          url: 'http://localhost:1/ref/back.png?sig=b',
        },
      ],
    };
    render(<SpecDetails spec={spec} />);
    const thumbnails = screen.getAllByRole('button', { name: /^Open Reference image/ });
    expect(thumbnails).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(thumbnails[1]!);
    const dialog = screen.getByRole('dialog', { name: 'Reference images of Catalogue' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('http://localhost:1/ref/back.png?sig=b');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
