import { fireEvent, screen } from '@testing-library/react';
import { renderFragment } from '@eyewear/event-bus/testing';
import { Carousel } from './Carousel';

function pointer(target: Element, type: 'pointerDown' | 'pointerUp', clientX: number, clientY: number, timeStamp: number) {
  const event = new MouseEvent(type === 'pointerDown' ? 'pointerdown' : 'pointerup', { bubbles: true, clientX, clientY });
  Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  fireEvent(target, event);
}

describe('Carousel', () => {
  function setup() {
    renderFragment(
      <Carousel label="Bestsellers" perView={1}>
        <a href="/a">A</a>
        <a href="/b">B</a>
        <a href="/c">C</a>
      </Carousel>,
    );
    const viewport = document.querySelector('.catalog-carousel__viewport')!;
    Object.defineProperty(viewport, 'clientWidth', { value: 400 });
    return viewport;
  }

  it('moves by buttons and arrow keys, never past the ends', () => {
    const viewport = setup();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    fireEvent.keyDown(viewport, { key: 'ArrowRight' });
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.keyDown(viewport, { key: 'ArrowLeft' });
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
  });

  it('a quick swipe left goes next, a slow short one does nothing, a long one counts however slow', () => {
    const viewport = setup();
    pointer(viewport, 'pointerDown', 300, 100, 1000);
    pointer(viewport, 'pointerUp', 270, 105, 1200);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    pointer(viewport, 'pointerDown', 300, 100, 2000);
    pointer(viewport, 'pointerUp', 250, 100, 2400);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    pointer(viewport, 'pointerDown', 50, 100, 3000);
    pointer(viewport, 'pointerUp', 260, 100, 4000);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });

  it('a swipe does not open the link under the pointer', () => {
    const viewport = setup();
    pointer(viewport, 'pointerDown', 300, 100, 1000);
    pointer(viewport, 'pointerUp', 250, 100, 1100);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    screen.getByText('B').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });
});
