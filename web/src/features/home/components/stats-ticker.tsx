import { useEffect, useRef, useState } from 'react';
import { groupThousands } from '@studio/shared/number-text';
import { counterDurationMs, counterTickMs, counterValue } from '../../../components/stats-counter-logic.ts';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import './home-sections.css';

export const homeStats = [
  { value: 15000, suffix: '+', label: 'Happy clients' },
  { value: 12, suffix: '+', label: 'Years of experience' },
  { value: 500, suffix: '+', label: 'Images a day' },
  { value: 20, suffix: '+', label: 'Team members' },
] as const;

/** Counts up over 2 s once scrolled into view; with reduced motion the final values show at once. */
export function StatsTicker() {
  const reducedMotion = useReducedMotion();
  const ref = useRef<HTMLElement>(null);
  const [elapsed, setElapsed] = useState(0);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setStarted(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setStarted(true);
        observer.disconnect();
      }
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!started || reducedMotion) return;
    const start = performance.now();
    const timer = window.setInterval(() => {
      const now = performance.now() - start;
      setElapsed(now);
      if (now >= counterDurationMs) window.clearInterval(timer);
    }, counterTickMs);
    return () => window.clearInterval(timer);
  }, [started, reducedMotion]);

  // Before it scrolls into view (and without JavaScript) the final figures show.
  const done = reducedMotion || !started || elapsed >= counterDurationMs;
  return (
    <section ref={ref} className="stats-ticker" aria-label="Our numbers">
      <ul className="container stats-ticker__list">
        {homeStats.map((stat) => (
          <li key={stat.label}>
            {/* Screen readers get the final figure; the animated one is decoration. */}
            <span className="stats-ticker__value" aria-hidden="true">
              {groupThousands(done ? stat.value : counterValue(stat.value, elapsed))}
              {stat.suffix}
            </span>
            <span className="visually-hidden">{`${groupThousands(stat.value)}${stat.suffix}`}</span>
            <span className="stats-ticker__label">{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
