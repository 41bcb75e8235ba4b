import { preloadInView, preloadOnIntent } from './intent-preload';

function link(href: string, extra: Record<string, string> = {}) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = href;
  for (const [k, v] of Object.entries(extra)) a.setAttribute(k, v);
  const span = document.createElement('span');
  a.appendChild(span);
  document.body.appendChild(a);
  return { a, span };
}

describe('preloadOnIntent', () => {
  let stop: () => void = () => undefined;
  const loadModule = jest.fn(() => Promise.resolve(null));

  beforeEach(() => {
    document.body.innerHTML = '';
    loadModule.mockClear();
  });
  afterEach(() => stop());

  it("loads the linked page's remote in the background on pointer over, once", () => {
    stop = preloadOnIntent({ loadModule });
    const { span } = link('/product/128001');
    span.dispatchEvent(new Event('pointerover', { bubbles: true }));
    span.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loadModule).toHaveBeenCalledTimes(1);
    expect(loadModule).toHaveBeenCalledWith('product', './ProductPage', { background: true });
  });

  it("tells of every routed path pointed at (its page's first reads start there), past the remote's first load", () => {
    const onRouted = jest.fn();
    stop = preloadOnIntent({ loadModule }, { onRouted });
    link('/product/128001').span.dispatchEvent(new Event('pointerover', { bubbles: true }));
    link('/product/128002').span.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(onRouted.mock.calls).toEqual([['/product/128001'], ['/product/128002']]);
    expect(loadModule).toHaveBeenCalledTimes(1);
  });

  it('reacts to keyboard focus and touch too', () => {
    stop = preloadOnIntent({ loadModule });
    link('/cart').a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    link('/HTO').a.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(loadModule.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['cart-checkout', 'appointments']);
  });

  it('strips the country path prefix before matching', () => {
    stop = preloadOnIntent({ loadModule }, { basename: '/ae' });
    link('/ae/cart').a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loadModule).toHaveBeenCalledWith('cart-checkout', './CartPage', { background: true });
  });

  it('ignores other sites, new tabs, downloads and paths no route owns', () => {
    stop = preloadOnIntent({ loadModule });
    for (const a of [
      link('https://elsewhere.example/cart').a,
      link('/cart', { target: '_blank' }).a,
      link('/cart', { download: '' }).a,
      link('/eyeglasses/some/seo/path/nobody/owns.html').a,
    ]) {
      a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    }
    expect(loadModule).not.toHaveBeenCalled();
  });

  it("asks the routing lookup's side for a path no route owns (a product's own URL), once per path", () => {
    const onUnrouted = jest.fn();
    stop = preloadOnIntent({ loadModule }, { basename: '/ae', onUnrouted });
    const { span } = link('/ae/round-frame-128001.html');
    span.dispatchEvent(new Event('pointerover', { bubbles: true }));
    span.dispatchEvent(new Event('pointerover', { bubbles: true }));
    link('/ae/cart').a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(onUnrouted.mock.calls).toEqual([['/round-frame-128001.html']]);
    expect(loadModule).toHaveBeenCalledTimes(1);
  });

  it("starts a card's page from the routed path it carries, beside the lookup of its own URL", () => {
    const onUnrouted = jest.fn();
    const onRouted = jest.fn();
    stop = preloadOnIntent({ loadModule }, { onUnrouted, onRouted });
    link('/round-frame-128001.html', { 'data-route': '/product/128001' }).span.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(onUnrouted.mock.calls).toEqual([['/round-frame-128001.html']]);
    expect(onRouted.mock.calls).toEqual([['/product/128001']]);
    expect(loadModule).toHaveBeenCalledWith('product', './ProductPage', { background: true });
    // A hint no route owns is no hint.
    link('/other-frame.html', { 'data-route': '/nowhere/1' }).a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(onRouted).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed preload, and stops listening when asked', async () => {
    loadModule.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    stop = preloadOnIntent({ loadModule });
    const { a } = link('/cart');
    a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await Promise.resolve();
    await Promise.resolve();
    a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loadModule).toHaveBeenCalledTimes(2);
    stop();
    link('/HTO').a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loadModule).toHaveBeenCalledTimes(2);
  });
});

describe('preloadInView', () => {
  /** jsdom lays nothing out: a stand-in IntersectionObserver the test tells what is in view. */
  let observers: { callback: IntersectionObserverCallback; watched: Set<Element> }[] = [];
  const show = (element: Element) => {
    for (const o of observers) {
      if (o.watched.has(element)) o.callback([{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  };
  const loadModule = jest.fn(() => Promise.resolve(null));
  let idleQueue: (() => void)[] = [];
  const idle = (run: () => void) => void idleQueue.push(run);
  const runIdle = () => {
    while (idleQueue.length) idleQueue.shift()!();
  };
  // jsdom delivers mutation records in a microtask.
  const flushMutations = async () => {
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
  };
  let stop: () => void = () => undefined;

  beforeEach(() => {
    document.body.innerHTML = '';
    loadModule.mockClear();
    idleQueue = [];
    observers = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      watched = new Set<Element>();
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback, watched: this.watched });
      }
      observe(element: Element) {
        this.watched.add(element);
      }
      unobserve(element: Element) {
        this.watched.delete(element);
      }
      disconnect() {
        this.watched.clear();
      }
    };
  });
  afterEach(() => {
    stop();
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it("loads a card's page code once, at idle, when a card comes into view, and only once the page runs", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    let running = false;
    stop = preloadInView({ loadModule }, { idle, ready: () => running });
    const first = link('/round-frame-128001.html', { 'data-route': '/product/128001' }).a;
    const second = link('/square-frame-128002.html', { 'data-route': '/product/128002' }).a;
    link('/cart');
    await flushMutations();
    runIdle();
    show(first);
    expect(loadModule).not.toHaveBeenCalled();
    running = true;
    // Asked again a moment later (the page was still hydrating).
    jest.advanceTimersByTime(300);
    jest.useRealTimers();
    runIdle();
    show(first);
    expect(loadModule).not.toHaveBeenCalled();
    runIdle();
    show(second);
    runIdle();
    expect(loadModule.mock.calls).toEqual([['product', './ProductPage', { background: true }]]);
  });

  it('watches cards rendered later (a listing whose data came after the page)', async () => {
    stop = preloadInView({ loadModule }, { idle });
    runIdle();
    const card = link('/round-frame-128001.html', { 'data-route': '/product/128001' }).a;
    await flushMutations();
    runIdle();
    show(card);
    runIdle();
    expect(loadModule).toHaveBeenCalledWith('product', './ProductPage', { background: true });
  });

  it('spares a connection that asks for it (Save-Data)', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      stop = preloadInView({ loadModule }, { idle });
      const card = link('/round-frame-128001.html', { 'data-route': '/product/128001' }).a;
      await flushMutations();
      runIdle();
      show(card);
      runIdle();
      expect(loadModule).not.toHaveBeenCalled();
    } finally {
      delete (navigator as { connection?: unknown }).connection;
    }
  });
});
