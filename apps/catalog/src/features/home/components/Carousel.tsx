import { Children, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { swipeDirection } from '../rules';

export interface CarouselProps {
  label: string;
  /** Slides shown at once (CSS decides on small screens through --per-view). */
  perView?: number;
  children: ReactNode;
  testId?: string;
}

/** A carousel moved by its buttons, the arrow keys, or a swipe (shopping §4 Swipe thresholds). */
export function Carousel({ label, perView = 1, children, testId }: CarouselProps) {
  const m = useMessages(messages);
  const slides = Children.toArray(children);
  const pages = Math.max(1, Math.ceil(slides.length / perView));
  const [page, setPage] = useState(0);
  const start = useRef<{ x: number; y: number; t: number } | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  /** A drag is not a click: the link under the pointer must not open after a swipe. */
  const dragged = useRef(false);
  const go = (to: number) => setPage(Math.max(0, Math.min(pages - 1, to)));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    start.current = { x: e.clientX, y: e.clientY, t: e.timeStamp };
    dragged.current = false;
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    dragged.current = Math.abs(e.clientX - from.x) > 10 || Math.abs(e.clientY - from.y) > 10;
    const direction = swipeDirection({ dx: e.clientX - from.x, dy: e.clientY - from.y, ms: e.timeStamp - from.t, width: viewport.current?.clientWidth ?? 0 });
    if (direction === 'next') go(page + 1);
    else if (direction === 'previous') go(page - 1);
  };

  return (
    <section className="catalog-carousel" aria-roledescription="carousel" aria-label={label} data-testid={testId} style={{ ['--per-view' as string]: perView }}>
      <div
        ref={viewport}
        className="catalog-carousel__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
        onDragStart={(e) => e.preventDefault()}
        onClickCapture={(e) => {
          if (dragged.current) {
            e.preventDefault();
            e.stopPropagation();
            dragged.current = false;
          }
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') go(page + 1);
          if (e.key === 'ArrowLeft') go(page - 1);
        }}
      >
        <ul className="catalog-carousel__track" style={{ transform: `translateX(-${page * 100}%)` }}>
          {slides.map((slide, i) => {
            const shown = Math.floor(i / perView) === page;
            return (
              <li
                key={i}
                className="catalog-carousel__slide"
                aria-roledescription="slide"
                aria-label={formatMessage(m.carouselSlide, { index: i + 1, total: slides.length })}
                aria-hidden={!shown}
                inert={!shown}
              >
                {slide}
              </li>
            );
          })}
        </ul>
      </div>
      {pages > 1 ? (
        <div className="catalog-carousel__controls">
          <button type="button" className="catalog-icon-button" aria-label={m.carouselPrevious} disabled={page === 0} onClick={() => go(page - 1)}>
            ‹
          </button>
          <span className="catalog-muted" aria-live="polite">
            {page + 1} / {pages}
          </span>
          <button type="button" className="catalog-icon-button" aria-label={m.carouselNext} disabled={page === pages - 1} onClick={() => go(page + 1)}>
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
