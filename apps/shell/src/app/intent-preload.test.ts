import { preloadOnIntent } from './intent-preload';

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
