/** Spec §2: the contact page's stats strip. */
export const stripStats = [
  { label: 'Experience', value: '12+ years' },
  { label: 'Team Strength', value: '20+' },
  { label: 'Support', value: 'Dedicated 24/7' },
] as const;

export function StatsStrip() {
  return (
    <section className="stats-strip" aria-label="Studio in numbers">
      <dl className="container stats-strip__list">
        {stripStats.map((stat) => (
          <div key={stat.label}>
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
