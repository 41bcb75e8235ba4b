import { useEffect } from 'react';
import { Navigate, useLocation } from '@eyewear/router';
import { COUNTRIES, useCountry } from '@eyewear/i18n';

/**
 * Where a redirect goes, keeping the current query and hash unless the target has its own
 * (spec "Redirect helper"). Targets under /orders/ leave the app for the main site.
 */
export function redirectTarget(to: string, current: { search: string; hash: string }): { href: string; fullPage: boolean } {
  const hasQuery = to.includes('?');
  const hasHash = to.includes('#');
  const [path = to] = to.split(/[?#]/);
  const query = hasQuery ? to.slice(to.indexOf('?'), hasHash ? to.indexOf('#') : undefined) : current.search;
  const hash = hasHash ? to.slice(to.indexOf('#')) : current.hash;
  return { href: `${path}${query}${hash}`, fullPage: path.startsWith('/orders/') };
}

const isMobileAgent = (agent: string) => /Mobi|Android|iPhone|iPad/i.test(agent);

export function Redirect({ to }: { to: string }) {
  const location = useLocation();
  const country = useCountry();
  const target = redirectTarget(to, location);
  const accountPath = location.pathname.startsWith('/customer/account');
  const skip = accountPath && typeof navigator !== 'undefined' && !isMobileAgent(navigator.userAgent);
  useEffect(() => {
    if (target.fullPage && !skip) window.location.assign(`${COUNTRIES[country].domainUrl}${target.href}`);
  }, [target.fullPage, target.href, country, skip]);
  // On the account path, desktop browsers get nothing (the account page handles them).
  if (skip || target.fullPage) return null;
  return <Navigate to={target.href} replace />;
}
