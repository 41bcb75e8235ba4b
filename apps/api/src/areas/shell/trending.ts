import { type TrendingSearches } from '@eyewear/api-client';
import { type Country } from '../../http/session';

const list = (...names: string[]) => names.map((name) => ({ name, url: `/search?q=${encodeURIComponent(name.toLowerCase())}` }));

const DESKTOP = list('Round eyeglasses', 'Blue light glasses', 'Aviator sunglasses', 'Kids glasses', 'Contact lenses', 'Titanium frames');
const MOBILE = list('Round', 'Blue light', 'Aviator', 'Kids', 'Contact lenses');

/**
 * Trending searches per country (account §3 trendingSearch; the same lists as
 * libs/i18n's country configuration, which the API does not import: it carries React).
 */
export const TRENDING: Record<Country, TrendingSearches> = {
  in: { desktop: DESKTOP, mobile: MOBILE },
  ae: { desktop: DESKTOP, mobile: MOBILE },
  sg: { desktop: DESKTOP, mobile: MOBILE },
  sa: { desktop: DESKTOP, mobile: MOBILE },
  us: { desktop: DESKTOP, mobile: MOBILE },
};
