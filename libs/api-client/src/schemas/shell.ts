import { z } from 'zod';

/** The footer, from server data (shopping "Shell"): link sections, a bottom row, social icons, app stores. */
export const footerLinkSchema = z.object({
  label: z.string().min(1),
  url: z.string().min(1),
  /** 'enter-my-power' opens the power-by-phone dialog instead of navigating. */
  action: z.enum(['enter-my-power']).optional(),
});
export type FooterLink = z.infer<typeof footerLinkSchema>;

export const footerSchema = z.object({
  sections: z.array(z.object({ title: z.string().min(1), links: z.array(footerLinkSchema) })),
  bottomRow: z.array(footerLinkSchema),
  social: z.array(z.object({ name: z.string().min(1), url: z.string().url(), newTab: z.boolean() })),
  /** App-store badges; they lead to the mobile-app page. */
  appStores: z.array(z.object({ name: z.string().min(1), url: z.string().min(1) })),
});
export type FooterData = z.infer<typeof footerSchema>;

/** Trending searches for the search bar, desktop and mobile lists (account §3 trendingSearch). */
export const trendingSearchesSchema = z.object({
  desktop: z.array(z.object({ name: z.string().min(1), url: z.string().min(1) })),
  mobile: z.array(z.object({ name: z.string().min(1), url: z.string().min(1) })),
});
export type TrendingSearches = z.infer<typeof trendingSearchesSchema>;
