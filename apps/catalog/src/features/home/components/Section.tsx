import { memo } from 'react';
import type { CarouselProduct, HomeSection } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { MAIN_IMAGE, Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { ProductCard } from '../../listing';
import { Accordion, type AccordionItem } from './Accordion';
import { Carousel } from './Carousel';

interface Slide {
  imageUrl: string;
  link: string;
  alt: string;
}
interface Tile {
  label: string;
  url: string;
  imageUrl: string;
}

export interface SectionProps {
  section: HomeSection;
  /** The products of a category carousel, once loaded (undefined while loading). */
  products: CarouselProduct[] | undefined;
  /** A carousel holding its first page only: how many products it has in all. */
  total?: number | undefined;
  /** The shopper turns to the carousel (points at it, touches or focuses it): load the rest. */
  onWantMore?: (() => void) | undefined;
  first: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * One section of a home or content page, by its data[0].type. Unknown types render nothing.
 * Inner test ids start with `home-`: `catalog-<Page>` marks a page's root only.
 * Memoised: the page renders again when the session arrives (its wishlist hooks read it), and
 * its sections (carousels of cards) render again only when their own data changes, not in that
 * one pass of the whole page (issue 19: blocking time).
 */
export const Section = memo(function Section({ section, products, first, total, onWantMore }: SectionProps) {
  const m = useMessages(messages);
  const head = section.data[0];
  const data = (head?.data ?? {}) as Record<string, unknown>;
  const title = str(data['title']);
  switch (head?.type) {
    case 'banner': {
      const slides = (data['slides'] as Slide[] | undefined) ?? [];
      return (
        <Carousel label={slides[0]?.alt ?? 'Offers'} testId={`home-section-${section.id}`}>
          {slides.map((s, i) => (
            <Link key={s.imageUrl} to={s.link} className="catalog-hero">
              <img src={s.imageUrl} alt={s.alt} width="1200" height="360" {...(first && i === 0 ? MAIN_IMAGE : { loading: 'lazy', fetchPriority: 'low' })} />
            </Link>
          ))}
        </Carousel>
      );
    }
    case 'tiles': {
      const tiles = (data['tiles'] as Tile[] | undefined) ?? [];
      return (
        <section className="catalog-section" aria-label={title}>
          <h2>{title}</h2>
          <ul className="catalog-tiles">
            {tiles.map((t) => (
              <li key={t.url}>
                <Link to={t.url} className="catalog-tile">
                  {/* Low even in view: the page's main image (its first banner) comes first (docs/adr/038). */}
                  <img src={t.imageUrl} alt="" width="300" height="90" loading="lazy" fetchPriority="low" />
                  <span>{t.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      );
    }
    case 'category-carousel':
      return (
        <section className="catalog-section" aria-label={title} onPointerEnter={onWantMore} onPointerDown={onWantMore} onFocus={onWantMore}>
          <div className="catalog-section__head">
            <h2>{title}</h2>
            {str(data['viewAll']) ? <Link to={str(data['viewAll'])}>{m.viewAll}</Link> : null}
          </div>
          {products === undefined ? (
            <div role="status" aria-label={m.loadingSections} className="catalog-carousel-skeleton">
              <Skeleton height="12rem" />
            </div>
          ) : products.length > 0 ? (
            <Carousel label={title} perView={4} testId={`home-carousel-${section.id}`}>
              {products.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
              {/* Slides still to come hold their place (the pager counts them already). */}
              {Array.from({ length: Math.max(0, (total ?? 0) - products.length) }, (_, i) => (
                <Skeleton key={`more-${i}`} height="100%" />
              ))}
            </Carousel>
          ) : null}
        </section>
      );
    case 'promo-strip':
      return (
        <section className={`catalog-section ${section.className ?? ''}`} aria-label={str(data['alt'])}>
          <Link to={str(data['link'])} className="catalog-strip">
            <img src={str(data['imageUrl'])} alt={str(data['alt'])} width="1200" height="360" loading="lazy" fetchPriority="low" />
            <span>{str(data['text'])}</span>
          </Link>
        </section>
      );
    case 'features': {
      const items = (data['items'] as { title: string; text: string }[] | undefined) ?? [];
      return (
        <section className="catalog-section" aria-label={title}>
          <h2>{title}</h2>
          <ul className="catalog-features">
            {items.map((i) => (
              <li key={i.title}>
                <strong>{i.title}</strong>
                <span>{i.text}</span>
              </li>
            ))}
          </ul>
        </section>
      );
    }
    case 'accordion':
      return <Accordion title={title} items={(data['items'] as AccordionItem[] | undefined) ?? []} multiOpen={data['multiOpen'] === true} />;
    case 'text':
      return (
        <section className="catalog-section" aria-label={title}>
          <h2>{title}</h2>
          <p>{str(data['body'])}</p>
        </section>
      );
    default:
      return null;
  }
});
