import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { ProductImage } from '@eyewear/api-client';
import { formatMessage } from '@eyewear/i18n';
import type { PageMessages } from '../../app/page-messages';

/** shopping §4 Swipe: under 250 ms and more than 20 px, or over half the width; mostly horizontal. Left goes next. */
export function swipeDirection(dx: number, dy: number, ms: number, width: number): 'next' | 'previous' | null {
  if (Math.abs(dx) <= Math.abs(dy)) return null;
  const counts = (ms < 250 && Math.abs(dx) > 20) || Math.abs(dx) > width / 2;
  if (!counts) return null;
  return dx < 0 ? 'next' : 'previous';
}

export function Gallery({ images, m, threeSixty }: { images: ProductImage[]; m: PageMessages; threeSixty: boolean }) {
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
        <img src={current.url} alt={current.alt ?? ''} width={600} height={300} draggable={false} />
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
              <img src={image.url} alt="" width={64} height={32} />
            </button>
          ))}
          <button type="button" className="pdp-icon" onClick={() => go(1)} aria-label={m.nextImage}>
            ›
          </button>
        </div>
      ) : null}
      {threeSixty ? <p className="pdp-badge">{m.threeSixty}</p> : null}
    </section>
  );
}
