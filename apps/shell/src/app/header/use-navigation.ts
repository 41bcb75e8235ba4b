import { shellRoutes, type Navigation } from '@eyewear/api-client';
import { isMobileViewport } from '@eyewear/i18n/rules';
import { pageData } from '../page-data';

/** The main navigation (mobile JSON on small screens), fetched once per page view (page-data.ts). */
const navigation = pageData(async (api) => (await api.call(isMobileViewport() ? shellRoutes.mobileNavigation : shellRoutes.navigation)).result);

/** Forgets the page view's navigation (tests). */
export const resetNavigation = navigation.reset;

/** The main navigation; null until it has loaded (and while the store cannot be reached). */
export const useNavigation: () => Navigation | null = navigation.use;
