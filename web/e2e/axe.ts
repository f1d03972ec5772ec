import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's violations on the page as it stands, one line per rule: `rule-id: target, target...`.
 *
 * Sections with `content-visibility: auto` (the home page below the hero) are not styled or laid
 * out until they near the viewport, and axe, checking them off screen, sometimes read their text as
 * black on their dark background and reported a contrast failure no visitor can see (the section is
 * styled before it is painted). So they are drawn in full first: axe then checks the colours a
 * visitor gets.
 *
 * `include` limits the check to what a selector matches, `exclude` leaves out what it matches
 * (the other cards of a long staff board: the same component, and axe's time grows with the page).
 */
export async function axeViolations(
  page: Page,
  options: { include?: string; exclude?: string } = {},
): Promise<string[]> {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const builder = new AxeBuilder({ page });
  if (options.include) builder.include(options.include);
  if (options.exclude) builder.exclude(options.exclude);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
