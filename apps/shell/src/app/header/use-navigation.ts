import { shellRoutes, type Navigation } from '@eyewear/api-client';
import { isMobileViewport } from '@eyewear/i18n/rules';
import { pageData } from '../page-data';

/**
 * The main navigation (mobile JSON on small screens: on the server, for a phone's request),
 * fetched once per page view, with the page on the server (page-data.ts).
 */
const navigation = pageData(
  'shell.navigation',
  async (api, env) => (await api.call((env.server ? env.mobile : isMobileViewport()) ? shellRoutes.mobileNavigation : shellRoutes.navigation)).result,
);

/** Forgets the page view's navigation (tests). */
export const resetNavigation = navigation.reset;

/** The main navigation; null until it has loaded (and while the store cannot be reached). */
export const useNavigation: () => Navigation | null = navigation.use;
