import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * The site's link to one of its own pages: an `<a href>` that, on a plain left click, navigates
 * with the router instead of loading the page (a modified click, or one with a `target`, is the
 * browser's). Built from React Router's own `useHref` and `useLinkClickHandler`, the hooks its
 * documentation gives for custom links. React Router's `<Link>` also carries framework-mode
 * prefetching, route discovery and view transitions, which this site does not use and which cost
 * about 2.3 KB gzip of every page's first load (docs/decisions/publish-on-write.md, "Publish on write (#20)").
 */
export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
