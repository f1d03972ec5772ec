import { useTestimonials } from '../api/get-testimonials.ts';
import './home-sections.css';

/** Spec §8: a failure is only logged; the loading text stays. */
export function TestimonialsSection() {
  const { data } = useTestimonials();
  return (
    <section id="clients" className="home-section home-section--muted" aria-labelledby="clients-heading">
      <div className="container">
        <p className="eyebrow">Testimonials</p>
        <h2 id="clients-heading" className="home-section__heading">
          What our clients say
        </h2>
        {data ? (
          <ul className="testimonials">
            {data.map((testimonial) => (
              <li key={testimonial.id} className="testimonials__item">
                <blockquote>
                  <p>“{testimonial.text}”</p>
                </blockquote>
                <p className="testimonials__author">
                  <strong>{testimonial.author}</strong>
                  <span>{testimonial.position}</span>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p role="status">Loading testimonials...</p>
        )}
      </div>
    </section>
  );
}
