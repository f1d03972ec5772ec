import { useState } from 'react';
import type { Service } from '@studio/shared/service';
import { specLabels, type StyleSpec } from '@studio/shared/style-spec';
import { Lightbox } from '../../../components/lightbox.tsx';
import './specs.css';

interface Setting {
  label: string;
  value: string;
}

/**
 * The settings a spec changes, in words, in the order a retoucher works through them. A setting
 * left at "keep" is not listed: `keptLabels` names them for the one "Everything else" line.
 */
export function describeSpec(
  spec: StyleSpec,
  services: readonly Service[] = [],
): { settings: Setting[]; keptLabels: string[] } {
  const settings: Setting[] = [];
  const keptLabels: string[] = [];
  const service = services.find((s) => s.id === spec.serviceId);
  const add = (label: string, value: string | null) => {
    if (value === null) keptLabels.push(label);
    else settings.push({ label, value });
  };

  // Without the services (not given, or still loading) their names are unknown: the service is
  // left out and the options counted.
  const known = services.length > 0;
  if (spec.serviceId && known) add('Service', service?.name ?? 'A service no longer offered');
  if (spec.subserviceIds.length > 0) {
    const names = spec.subserviceIds.map(
      (id) => service?.subServices.find((sub) => sub.id === id)?.name ?? 'an option no longer offered',
    );
    const count = spec.subserviceIds.length;
    settings.push({ label: 'Options', value: known ? names.join(', ') : `${count} option${count === 1 ? '' : 's'}` });
  }
  if (spec.turnaroundId) {
    const turnaround = service?.turnarounds.find((t) => t.id === spec.turnaroundId);
    settings.push({ label: 'Turnaround', value: turnaround?.name ?? spec.turnaroundId });
  }
  add(
    'Background',
    spec.background === 'keep'
      ? null
      : spec.background === 'white'
        ? `${specLabels.background.white} ${spec.backgroundHex}`
        : specLabels.background[spec.background],
  );
  add(
    'Margins',
    spec.margins
      ? spec.margins.top === spec.margins.right &&
        spec.margins.top === spec.margins.bottom &&
        spec.margins.top === spec.margins.left
        ? `${spec.margins.top} % on every side`
        : `top ${spec.margins.top} %, right ${spec.margins.right} %, bottom ${spec.margins.bottom} %, left ${spec.margins.left} %`
      : null,
  );
  add('Position', spec.alignment === 'keep' ? null : specLabels.alignment[spec.alignment]);
  add('Crop', spec.crop === 'keep' ? null : specLabels.crop[spec.crop]);
  add('Aspect ratio', spec.aspectRatio);
  add('Output size', spec.outputSize ? `${spec.outputSize.width} × ${spec.outputSize.height} px` : null);
  add('File format', spec.fileFormat === 'keep' ? null : specLabels.fileFormat[spec.fileFormat]);
  add('Colour profile', spec.colourProfile === 'keep' ? null : specLabels.colourProfile[spec.colourProfile]);
  add('Resolution', spec.dpi === null ? null : `${spec.dpi} DPI`);
  add('Largest file', spec.maxFileSizeKb === null ? null : `${spec.maxFileSizeKb.toLocaleString('en-GB')} KB`);
  add('File names', spec.fileNaming);
  return { settings, keptLabels };
}

/**
 * A spec read-only and compact: the settings it changes in words, "Everything else: as the photo
 * is" for those it keeps, its instructions with their line breaks, and its reference images as
 * thumbnails that open full size. `services` names the service, options and turnaround it starts
 * an order with (without them the ids' words are unknown and only the turnaround's id is shown).
 */
export function SpecDetails({ spec, services }: { spec: StyleSpec; services?: readonly Service[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const { settings, keptLabels } = describeSpec(spec, services);
  const images = spec.referenceImages.map((image) => ({
    src: image.url,
    alt: `Reference image ${image.fileName}`,
    caption: image.fileName,
  }));

  return (
    <div className="spec-details">
      <dl className="spec-details__settings">
        {settings.map((setting) => (
          <div key={setting.label} className="spec-details__setting">
            <dt>{setting.label}</dt>
            <dd>{setting.value}</dd>
          </div>
        ))}
      </dl>
      {keptLabels.length > 0 && (
        <p className="spec-details__kept" title={`Kept: ${keptLabels.join(', ').toLowerCase()}`}>
          {settings.length > 0 ? 'Everything else: as the photo is' : 'Everything: as the photo is'}
        </p>
      )}
      {spec.instructions && (
        <div className="spec-details__instructions">
          <p className="spec-details__label">Instructions</p>
          <p className="spec-details__text">{spec.instructions}</p>
        </div>
      )}
      {images.length > 0 && (
        <div className="spec-details__references">
          <p className="spec-details__label">Reference images</p>
          <ul className="wrap-list">
            {images.map((image, index) => (
              <li key={spec.referenceImages[index]!.id}>
                <button type="button" onClick={() => setOpen(index)} aria-label={`Open ${image.alt} full size`}>
                  <img src={image.src} alt={image.alt} width={96} height={96} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {open !== null && (
        <Lightbox
          images={images}
          index={open}
          onIndexChange={setOpen}
          onClose={() => setOpen(null)}
          label={`Reference images of ${spec.name}`}
        />
      )}
    </div>
  );
}
