import { useId } from 'react';

/**
 * A muted section of a public page listing why to choose the studio: one card per claim, its
 * title and its sentence ('Why choose us' on the free-trial page, 'Why clients choose us' on the
 * portfolio).
 */
export function ClaimsSection({
  heading,
  claims,
}: {
  heading: string;
  claims: readonly (readonly [title: string, text: string])[];
}) {
  const id = useId();
  return (
    <section className="page-section page-section--muted" aria-labelledby={id}>
      <div className="container">
        <h2 id={id}>{heading}</h2>
        <ul className="card-grid">
          {claims.map(([title, text]) => (
            <li key={title} className="card">
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
