import { discountTiers, turnaroundText, volumeTierText } from '@studio/shared/pricing-text';
import type { TurnaroundTerms, VolumeTierTerms } from '@studio/shared/pricing-text';
import './price-terms.css';

/**
 * The whole price of a service beside its prices per photo (#40): what each turnaround adds
 * ("Express (24 h): +50 %") and what each volume tier takes off ("10 % off from 100 photos"), as
 * two titled lists. The pricing page and the service pages show it, published with their data.
 */
export function PriceTerms({
  id,
  turnarounds,
  volumeTiers,
  headingLevel,
}: {
  /** Unique on the page: the lists are named by their headings' ids. */
  id: string;
  turnarounds: readonly TurnaroundTerms[];
  volumeTiers: readonly VolumeTierTerms[];
  headingLevel: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const tiers = discountTiers(volumeTiers);
  return (
    <div className="price-terms">
      {turnarounds.length > 0 && (
        <div className="price-terms__group">
          <Heading id={`${id}-turnarounds`} className="price-terms__heading">
            Turnaround
          </Heading>
          <ul aria-labelledby={`${id}-turnarounds`} className="price-terms__list">
            {turnarounds.map((turnaround, index) => (
              // Names are not unique by rule; the order is the service's.
              <li key={`${index}-${turnaround.name}`}>{turnaroundText(turnaround)}</li>
            ))}
          </ul>
        </div>
      )}
      {tiers.length > 0 && (
        <div className="price-terms__group">
          <Heading id={`${id}-volume`} className="price-terms__heading">
            Volume discounts
          </Heading>
          <ul aria-labelledby={`${id}-volume`} className="price-terms__list">
            {tiers.map((tier) => (
              <li key={tier.minPhotos}>{volumeTierText(tier)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
