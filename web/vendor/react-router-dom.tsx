// What the console takes from react-router-dom, for the bundle (vite.config.ts points
// `react-router-dom` here; TypeScript still reads the package's own types). The same exports,
// but for Link and NavLink: react-router's also prefetch route modules, discover routes and mask
// addresses for framework mode, which a data router like the console's never does, and that
// code came with every page. These are the same links built on react-router's own hooks
// (useHref, useLinkClickHandler, useResolvedPath), for the props the console uses.
import type { ComponentProps, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';
import type { NavLinkProps, LinkProps as TRouterLinkProps } from 'react-router';

export * from 'react-router';
export { HydratedRouter, RouterProvider } from 'react-router/dom';

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

type TLinkProps = Omit<
  TRouterLinkProps,
  'discover' | 'prefetch' | 'mask' | 'viewTransition' | 'defaultShouldRevalidate'
> &
  Pick<ComponentProps<'a'>, 'ref'>;

/** react-router's <Link>: an address resolved against the route, followed without a reload. */
export function Link({
  to,
  replace,
  state,
  target,
  relative,
  reloadDocument,
  preventScrollReset,
  onClick,
  ...rest
}: TLinkProps) {
  const href = useHref(to, { relative });
  const handleRouterClick = useLinkClickHandler<HTMLAnchorElement>(to, {
    replace,
    state,
    target,
    relative,
    preventScrollReset,
  });
  const isExternal = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) handleRouterClick(event);
  };
  return (
    <a
      {...rest}
      href={isExternal ? to : href}
      target={target}
      onClick={isExternal || reloadDocument ? onClick : handleClick}
    />
  );
}

type TNavLinkProps = Omit<NavLinkProps, 'className' | 'style' | 'children' | 'viewTransition'> &
  Omit<TLinkProps, 'className' | 'style' | 'children'> & {
    className?: string;
    style?: ComponentProps<'a'>['style'];
    children?: ComponentProps<'a'>['children'];
  };

/**
 * react-router's <NavLink>: a Link marked `active` (class) and `aria-current` while the address
 * is its own or below it (`end` for its own only), compared without regard to case.
 */
export function NavLink({
  'aria-current': ariaCurrent = 'page',
  caseSensitive = false,
  className = '',
  end = false,
  to,
  ...rest
}: TNavLinkProps) {
  const path = useResolvedPath(to, { relative: rest.relative });
  const location = useLocation();
  const toPathname = caseSensitive ? path.pathname : path.pathname.toLowerCase();
  const here = caseSensitive ? location.pathname : location.pathname.toLowerCase();
  const endSlash =
    toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    here === toPathname || (!end && here.startsWith(toPathname) && here.charAt(endSlash) === '/');
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? ariaCurrent : undefined}
      className={isActive ? `${className} active`.trim() : className}
    />
  );
}
