import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { ProductImage } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { MAIN_IMAGE } from '@eyewear/ui';
import { pageMessages } from '../../../app/page-messages';
import { swipeDirection } from '../rules';

/** The product's images: thumbnails, previous and next, and swiping (shopping §4 Swipe). */
export function Gallery({ images, threeSixty }: { images: ProductImage[]; threeSixty: boolean }) {
  const m = useMessages(pageMessages);
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number; t: number } | null>(null);
  useEffect(() => setIndex(0), [images]);
  const count = images.length;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const current = images[index] ?? images[0];
  if (!current) return null;
  const onDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY, t: e.timeStamp };
  };
  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const direction = swipeDirection(e.clientX - from.x, e.clientY - from.y, e.timeStamp - from.t, e.currentTarget.clientWidth);
    if (direction) go(direction === 'next' ? 1 : -1);
  };
  return (
    <section className="pdp-gallery" aria-label={m.gallery} aria-roledescription="carousel">
      <div className="pdp-gallery__stage" onPointerDown={onDown} onPointerUp={onUp}>
        {/* The page's largest paint: asked for first (issue 19). */}
        <img src={current.url} alt={current.alt ?? ''} width={600} height={300} draggable={false} {...MAIN_IMAGE} />
        {/* Over the image: it is known after the page runs (a POST), and must not move the page. */}
        {threeSixty ? <p className="pdp-badge pdp-gallery__badge">{m.threeSixty}</p> : null}
      </div>
      {count > 1 ? (
        <div className="pdp-gallery__controls">
          <button type="button" className="pdp-icon" onClick={() => go(-1)} aria-label={m.previousImage}>
            ‹
          </button>
          {images.map((image, i) => (
            <button
              key={image.url}
              type="button"
              className="pdp-thumb"
              aria-pressed={i === index}
              aria-label={formatMessage(m.imageView, { view: image.view ?? String(i + 1) })}
              onClick={() => setIndex(i)}
            >
              {/* After the page's layout, and at low priority even in view (Chromium would raise it to
                  high): the main image is asked for first, with no other picture beside it (docs/adr/038). */}
              <img src={image.url} alt="" width={64} height={32} loading="lazy" decoding="async" fetchPriority="low" />
            </button>
          ))}
          <button type="button" className="pdp-icon" onClick={() => go(1)} aria-label={m.nextImage}>
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
