/** Previous / Next with 'Page x of y' (spec §2), shown only when there is more than one page. */
export function ApplicationPager({
  page,
  pages,
  busy,
  onPage,
}: {
  page: number;
  pages: number;
  /** The next page is on its way: both buttons wait. */
  busy: boolean;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="application-review__pager" aria-label="Pages of applications">
      <button
        type="button"
        className="button button--secondary"
        disabled={page <= 1 || busy}
        onClick={() => onPage(Math.max(1, page - 1))}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
