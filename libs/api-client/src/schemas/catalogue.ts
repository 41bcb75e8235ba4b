import { z } from 'zod';
import { WISHLIST_MAX } from '@eyewear/i18n/rules';
import { classificationSchema } from './cart';
import { idSchema, priceSchema, quantitySchema } from './common';
import { productSummarySchema } from './product';

/** One product of a listing (categoryData.result.product_list). */
export const listingProductSchema = productSummarySchema.extend({
  modelName: z.string(),
  classification: classificationSchema,
  frameShape: z.string().optional(),
  frameColour: z.string().optional(),
  rating: z.number().min(0).max(5).optional(),
  reviewCount: quantitySchema.optional(),
  /** Stock and offer tags as codes ('only-one-left', 'first-frame-free'); the storefront words them. */
  tags: z.array(z.string()).optional(),
  inStock: z.boolean(),
  /**
   * Colour options of the model (the product itself and its variants), shown as swatches; the
   * listing has one product per model. Each may carry what the card shows when it is picked.
   */
  colours: z
    .array(
      z.object({
        id: idSchema,
        colour: z.string(),
        hex: z.string(),
        url: z.string(),
        productImageUrl: z.string().optional(),
        inStock: z.boolean().optional(),
        prices: z.array(priceSchema).optional(),
        tags: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
export type ListingProduct = z.infer<typeof listingProductSchema>;

export const breadcrumbSchema = z.object({ label: z.string(), url: z.string() });
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;

/** shopping §3 Category state: categoryData.result. */
export const categoryDataSchema = z.object({
  /** Null for search results, which are a listing without a category (shopping §2). */
  categoryId: idSchema.nullable(),
  category_name: z.string(),
  categoryType: z.string(),
  product_list: z.array(listingProductSchema),
  num_of_products: quantitySchema,
  breadcrumb: z.array(breadcrumbSchema),
  cat_img_link: z.string().optional(),
  /** Links to the same category filtered by power type. */
  category_power_urls: z.array(z.object({ label: z.string(), url: z.string() })).optional(),
  seo_meta_canonical: z.string().optional(),
  seoAlternateUrl: z.array(z.object({ hrefLang: z.string(), url: z.string() })).optional(),
});
export type CategoryData = z.infer<typeof categoryDataSchema>;

/** Titles over 32 characters show the first 29 plus an ellipsis (trimmedTitle). */
export const filterOptionSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  displayTitle: z.string(),
  trimmedTitle: z.string().max(32),
  count: quantitySchema.optional(),
  selected: z.boolean().optional(),
});
export type FilterOption = z.infer<typeof filterOptionSchema>;

export const filterSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  type: z.enum(['checkbox', 'radio', 'range', 'colour']).optional(),
  options: z.array(filterOptionSchema),
});
export type Filter = z.infer<typeof filterSchema>;

export const filterDataSchema = z.object({ filters: z.array(filterSchema) });
export type FilterData = z.infer<typeof filterDataSchema>;

export const subCategorySchema = z.object({
  id: idSchema,
  name: z.string(),
  url: z.string(),
  imageUrl: z.string().optional(),
});
export type SubCategory = z.infer<typeof subCategorySchema>;

/** A product of a category carousel; the carousel keeps those whose cat_id matches. */
export const carouselProductSchema = listingProductSchema.extend({ cat_id: idSchema });
export type CarouselProduct = z.infer<typeof carouselProductSchema>;

export const carouselBannerSchema = z.object({
  id: z.string().min(1),
  imageUrl: z.string(),
  mobileImageUrl: z.string().optional(),
  link: z.string(),
  alt: z.string().optional(),
});
export type CarouselBanner = z.infer<typeof carouselBannerSchema>;

/**
 * A home or content-page section: data[0] carries the type and, for category carousels, the
 * catId whose products it shows. The rest of a section is free CMS content.
 */
export const homeSectionSchema = z.object({
  id: z.string().min(1),
  data: z
    .array(
      z
        .object({
          type: z.string().min(1),
          data: z.object({ catId: idSchema.optional() }).catchall(z.unknown()).optional(),
        })
        .catchall(z.unknown()),
    )
    .min(1),
  className: z.string().optional(),
});
export type HomeSection = z.infer<typeof homeSectionSchema>;

export const contentPageSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  sections: z.array(homeSectionSchema),
  seo: z.object({ title: z.string(), description: z.string().optional(), canonical: z.string().optional() }).optional(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const collectionPageSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  description: z.string().optional(),
  items: z.array(listingProductSchema),
});
export type CollectionPage = z.infer<typeof collectionPageSchema>;

/** Server-supplied HTML, rendered only through the sanitizing component. */
export const cmsPageSchema = z.object({
  pageName: z.string().min(1),
  title: z.string(),
  html: z.string(),
  metaDescription: z.string().optional(),
});
export type CmsPage = z.infer<typeof cmsPageSchema>;

export const menuLayoutSchema = z.enum(['two-col-layout', 'grid', 'list-grid', 'three-col-layout']);

export interface MenuEntry {
  id: string;
  label: string;
  url?: string | undefined;
  imageUrl?: string | undefined;
  layout?: z.infer<typeof menuLayoutSchema> | undefined;
  children?: MenuEntry[] | undefined;
}
export const menuEntrySchema: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    id: z.string().min(1),
    label: z.string(),
    url: z.string().optional(),
    imageUrl: z.string().optional(),
    layout: menuLayoutSchema.optional(),
    children: z.array(menuEntrySchema).optional(),
  }),
);

export const navigationSchema = z.object({
  menu: z.array(menuEntrySchema),
  topBarLinks: z.array(z.object({ label: z.string(), url: z.string(), kind: z.enum(['external', 'internal', 'phone']) })).optional(),
  footer: z
    .object({
      sections: z.array(z.object({ title: z.string(), links: z.array(z.object({ label: z.string(), url: z.string() })) })),
      social: z.array(z.object({ name: z.string(), url: z.string(), newTab: z.boolean() })),
      bottomRow: z.array(z.object({ label: z.string(), url: z.string() })),
    })
    .optional(),
});
export type Navigation = z.infer<typeof navigationSchema>;

/** shopping §3 Search data. */
export const searchSuggestionsSchema = z.object({
  typeAhead: z.array(z.string()),
  /** One recommendation per model: its best match, with the model's other colours as `colours`. */
  productRecommendations: z.array(
    z.object({
      name: z.string(),
      brand_name: z.string(),
      image_url: z.string(),
      product_url: z.string(),
      prices: z.array(priceSchema),
      /** The model's colours (this product first, then its colour variants) for swatches; absent for a model in one colour. */
      colours: z.array(z.object({ id: idSchema, colour: z.string(), hex: z.string(), image_url: z.string(), product_url: z.string() })).optional(),
    }),
  ),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/** shopping §3 Wishlist: at most WISHLIST_MAX (50, shopping §9) products. */
export const wishlistSchema = z.object({
  numberOfProducts: z.number().int().min(0).max(WISHLIST_MAX),
  productIds: z.array(idSchema).max(WISHLIST_MAX),
  productList: z.array(productSummarySchema).max(WISHLIST_MAX),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

/** Key-value settings (the "redis config"), e.g. NEW_AUTH_POPUP_DESKTOP, LOYALTY_CONFIG, CONFIG_CTA_DESKTOP. */
export const remoteConfigSchema = z.record(z.string(), z.unknown());
export type RemoteConfig = z.infer<typeof remoteConfigSchema>;
