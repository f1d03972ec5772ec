/**
 * A slowly scrolling strip of names (brands, payment methods). The list is drawn twice so the loop
 * is seamless; the copy is hidden from assistive technology. Paused on hover; still with reduced motion.
 */
export function Marquee({ items, label }: { items: readonly string[]; label?: string }) {
  // Labelled: a landmark of its own; unlabelled: part of the section around it.
  return (
    <div className="marquee" role={label ? 'region' : undefined} aria-label={label}>
      <ul className="marquee__track">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
        {items.map((item) => (
          <li key={`${item}-copy`} aria-hidden="true">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

export const brandNames = [
  'Northwind',
  'Lumen & Co',
  'Aura Cosmetics',
  'Fieldstone',
  'Marlow Jewelers',
  'Peak Outdoor',
  'Studio Nine',
];
