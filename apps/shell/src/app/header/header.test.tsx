import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { cartPopupRequested, loginRequested, sessionChanged, wishlistChanged } from '@eyewear/event-bus';
import { type RemoteFragmentProps } from '@eyewear/federation';
import { shellApi, renderShell } from '../../testing/render-shell';
import { GUEST } from '../shell-slice';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

/** Lets a fragment's module, loaded outside React's act scope, settle and render. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function Page() {
  return <h1>page</h1>;
}

function Fragment({ onClose, options }: RemoteFragmentProps) {
  return (
    <div role="dialog" aria-label="fragment">
      <p>{`fragment ${JSON.stringify(options ?? {})}`}</p>
      <button type="button" onClick={onClose}>
        close fragment
      </button>
    </div>
  );
}

/** Pages load; fragments answer with `Fragment` unless told to fail. */
function remotes({ failFragments = false } = {}) {
  mockedLoadRemote.mockImplementation(async (id: string) => {
    if (/Popup|Panel|Menu/.test(id)) {
      if (failFragments) throw new Error('no such expose');
      return { default: Fragment };
    }
    return { default: Page };
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  sessionStorage.clear();
});

describe('header', () => {
  it('shows the top strip with the toll-free number, the menu from the API and the active entry', async () => {
    remotes();
    await renderShell('/eyeglasses/round.html', shellApi({ '/eyeglasses/round.html': 'cat:3101' }));
    const strip = screen.getByTestId('shell-top-strip');
    expect(strip).toHaveTextContent('Free shipping');
    expect(strip).toHaveTextContent('One-year warranty');
    expect(strip).toHaveTextContent('30-day return or exchange');
    expect(within(strip).getByRole('link', { name: 'Toll free: 1800-202-4444' })).toHaveAttribute('href', 'tel:18002024444');
    // One line that scrolls sideways where it does not fit (a phone): a keyboard can scroll it too.
    expect(strip).toHaveAttribute('tabindex', '0');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Eyeglasses' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Sunglasses' })).not.toHaveAttribute('aria-current');
    // Drop-downs are built when the shopper first points at or focuses their entry.
    expect(menu.querySelector('[data-layout]')).toBeNull();
    // Keyboard: focusing a top entry builds its drop-down.
    act(() => within(menu).getByRole('link', { name: 'Eyeglasses' }).focus());
    expect(menu.querySelectorAll('[data-layout]')).toHaveLength(1);
    expect(within(menu).getByRole('link', { name: 'Eyeglasses' }).closest('li')!.querySelector('[data-layout]')).not.toBeNull();
    for (const item of within(menu)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('shell-menu__entry')))
      await userEvent.hover(item);
    expect(menu.querySelector('[data-layout="three-col-layout"]')).not.toBeNull();
    expect(menu.querySelector('[data-layout="two-col-layout"]')).not.toBeNull();
    expect(menu.querySelector('[data-layout="grid"] img')).not.toBeNull();
  });

  it('shows the brand logo on /reviews and the store logo elsewhere', async () => {
    remotes();
    await renderShell('/reviews');
    expect(screen.getByTestId('shell-logo')).toHaveAttribute('data-logo', 'brand');
    await renderShell('/cart');
    expect(screen.getAllByTestId('shell-logo').at(-1)).toHaveAttribute('data-logo', 'default');
  });

  it('opens top-bar links externally, in-app (compare-looks remembers the page) and as a phone call', async () => {
    remotes();
    await renderShell('/cart?from=x');
    const links = await screen.findByRole('list', { name: 'Quick links' });
    expect(within(links).getByRole('link', { name: 'Franchise enquiry' })).toHaveAttribute('target', '_blank');
    expect(within(links).getByRole('link', { name: '1800-202-4444' })).toHaveAttribute('href', 'tel:18002024444');
    await userEvent.click(within(links).getByRole('link', { name: 'Compare looks' }));
    expect(sessionStorage.getItem('compareLooksReturnUrl')).toBe('/cart?from=x');
    expect(window.location.pathname).toBe('/compare-looks');
  });

  describe('scrolling (debounced 100 ms)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => {
      jest.useRealTimers();
      window.scrollY = 0;
    });

    const scrollTo = (y: number) =>
      act(() => {
        (window as { scrollY: number }).scrollY = y;
        fireEvent.scroll(window);
      });

    it('changes the top bar past 35 px and hides the menu past 30 px without a category image', async () => {
      remotes();
      await renderShell('/cart');
      await act(async () => jest.advanceTimersByTimeAsync(0));
      const header = screen.getByRole('banner');
      scrollTo(36);
      expect(header).toHaveAttribute('data-scrolled', 'false');
      act(() => jest.advanceTimersByTime(100));
      expect(header).toHaveAttribute('data-scrolled', 'true');
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
      // The shopper can bring it back.
      fireEvent.click(screen.getByRole('button', { name: 'Show menu' }));
      expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    });

    it('keeps the menu until 180 px under a category with an image', async () => {
      remotes();
      await renderShell('/eyeglasses.html');
      await act(async () => jest.advanceTimersByTimeAsync(0));
      scrollTo(150);
      act(() => jest.advanceTimersByTime(100));
      expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
      scrollTo(181);
      act(() => jest.advanceTimersByTime(100));
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    });

    it('opens the chat widget 1000 ms after it is asked for', async () => {
      remotes();
      await renderShell('/cart');
      // In the header, at the end of the promise strip's row: it never floats over a page (issue 42).
      const chat = within(screen.getByRole('banner')).getByRole('button', { name: 'Chat with us' });
      expect(chat.closest('.shell-strip-row')).toContainElement(screen.getByTestId('shell-top-strip'));
      fireEvent.click(chat);
      act(() => jest.advanceTimersByTime(999));
      expect(screen.queryByRole('region', { name: 'Chat with us' })).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByRole('region', { name: 'Chat with us' })).toHaveTextContent('1800-202-4444');
    });
  });
});

describe('header fragments', () => {
  it('loads nothing of a fragment on first paint; opens the login popup on the sign-up tab from the guest link', async () => {
    remotes();
    await renderShell('/cart');
    expect(mockedLoadRemote.mock.calls.map(([id]) => id)).toEqual(['cart_checkout/CartPage']);
    const signUp = screen.getByRole('link', { name: 'sign up' });
    // A link to this page's sign-in before the page's scripts run (issue 39); a click opens the popup.
    expect(signUp).toHaveAttribute('href', '/cart?type=login');
    fireEvent.pointerEnter(signUp);
    await waitFor(() => expect(mockedLoadRemote).toHaveBeenCalledWith('account/LoginPopup'));
    await userEvent.click(signUp);
    await settle();
    expect(await screen.findByText('fragment {"tab":"signup"}')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'close fragment' }));
    expect(screen.queryByText(/fragment \{/)).not.toBeInTheDocument();
    expect(signUp).toHaveFocus();
  });

  it('opens the cart popup, the shortlist panel and the login popup on request from the bus or the URL', async () => {
    remotes();
    const { pageStore } = await renderShell('/cart?type=login');
    await settle();
    expect(await screen.findByText('fragment {"tab":"signin"}')).toBeInTheDocument();
    act(() => {
      pageStore.store.dispatch(cartPopupRequested({ addFailed: true }));
    });
    await settle();
    expect(await screen.findByText('fragment {"addFailed":"true"}')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('cart_checkout/CartPopup');
    act(() => {
      pageStore.store.dispatch(loginRequested({ tab: 'signup', redirectTo: '/customer/account/' }));
    });
    await settle();
    expect(await screen.findByText('fragment {"tab":"signup","redirectTo":"/customer/account/"}')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Shortlist/ })).toHaveAttribute('href', '/shortlist');
    await userEvent.click(screen.getByRole('link', { name: /Shortlist/ }));
    await settle();
    expect(await screen.findByText('fragment {}')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('catalog/WishlistPanel');
  });

  it('shows a compact fallback when a remote does not expose its fragment, and Escape closes it', async () => {
    remotes({ failFragments: true });
    await renderShell('/cart');
    // The pointer on the cart preloads the popup (and it fails) before the click opens it.
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
    await userEvent.click(screen.getByRole('link', { name: 'Cart, 0 items' }));
    await settle();
    const area = await screen.findByTestId('shell-fragment-cartPopup');
    expect(await within(area).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(area).getByRole('link', { name: 'Go to the cart page' })).toHaveAttribute('href', '/cart');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('shell-fragment-cartPopup')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it("shows the customer's first name with the account menu, and the badges from the bus", async () => {
    remotes();
    const { pageStore } = await renderShell('/cart');
    act(() => {
      pageStore.store.dispatch(sessionChanged({ ...GUEST, ready: true, login: true, customerId: 7, firstName: 'Asha', cartCount: 2, wishlistCount: 5 }));
    });
    expect(screen.queryByRole('link', { name: 'sign up' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shortlist, 5 items' })).toBeInTheDocument();
    act(() => {
      pageStore.store.dispatch(wishlistChanged({ count: 6, productIds: [1, 2, 3, 4, 5, 6] }));
    });
    expect(screen.getByRole('link', { name: 'Shortlist, 6 items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account menu for Asha' })).toHaveAttribute('href', '/customer/account/');
    await userEvent.click(screen.getByRole('link', { name: 'Account menu for Asha' }));
    await settle();
    expect(await screen.findByText('fragment {}')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('account/AccountMenu');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Account menu for Asha' })).toHaveAttribute('aria-expanded', 'true'));
  });
});

describe('header links before and after the scripts', () => {
  it("a click with a modifier key is the browser's (a new tab of the page): no popup opens", async () => {
    remotes();
    await renderShell('/cart');
    const cart = screen.getByRole('link', { name: 'Cart, 0 items' });
    fireEvent.click(cart, { ctrlKey: true });
    fireEvent.click(cart, { button: 1 });
    await settle();
    expect(screen.queryByTestId('shell-fragment-cartPopup')).not.toBeInTheDocument();
    expect(cart).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the phone header', () => {
  it('the phone menu drawer lists the menu with its links, marks the current entry and closes on a link', async () => {
    remotes();
    await renderShell('/eyeglasses/round.html', shellApi({ '/eyeglasses/round.html': 'cat:3101' }));
    await screen.findByRole('navigation', { name: 'Main menu' });
    const opener = screen.getByRole('button', { name: 'Menu' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(opener);
    const drawer = screen.getByRole('dialog', { name: 'Main menu' });
    const nav = within(drawer).getByRole('navigation', { name: 'Main menu' });
    // The current category's entry is open, its page marked; other entries are closed disclosures.
    expect(within(nav).getByRole('link', { name: 'Eyeglasses' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByText('Sunglasses', { selector: 'summary' }).closest('details')).not.toHaveAttribute('open');
    expect(within(drawer).getByRole('link', { name: 'Track order' })).toHaveAttribute('href', '/customer/account/');
    expect(within(drawer).getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: 'Round' }));
    expect(screen.queryByRole('dialog', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('the phone search button opens the search field and focuses it', async () => {
    remotes();
    await renderShell('/cart');
    const toggle = screen.getByRole('button', { name: 'Open search', expanded: false });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('banner')).toHaveClass('shell-header--search-open');
    expect(within(screen.getByRole('banner')).getByRole('combobox', { name: 'Search' })).toHaveFocus();
  });

  it('pages without the header get the slim bar: logo, the way back, and a sign-in that opens the login popup', async () => {
    remotes();
    const { pageStore } = await renderShell('/checkout/onepage/');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    // Until the session is known the bar offers no sign-in (a customer would see it flash).
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    act(() => void pageStore.store.dispatch(sessionChanged({ ...GUEST, ready: true })));
    const bar = screen.getByRole('navigation', { name: 'Eyewear' });
    expect(within(bar).getByRole('link', { name: 'Eyewear home' })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
    await userEvent.click(within(bar).getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(await screen.findByText('fragment {"tab":"signin"}')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('account/LoginPopup');
  });

  it('a checkout asking for the login (auth/loginRequested) gets the popup although the header is hidden', async () => {
    remotes();
    const { pageStore } = await renderShell('/checkout/onepage/');
    act(() => void pageStore.store.dispatch(loginRequested({ tab: 'signin', redirectTo: '/checkout/onepage/' })));
    await settle();
    expect(await screen.findByText('fragment {"tab":"signin","redirectTo":"/checkout/onepage/"}')).toBeInTheDocument();
  });

  it("a customer's slim bar leads to the account; after an order it says continue shopping", async () => {
    remotes();
    const { pageStore } = await renderShell('/checkout/onepage/success');
    act(() => void pageStore.store.dispatch(sessionChanged({ ...GUEST, login: true, customerId: 7, firstName: 'Asha' })));
    const bar = screen.getByRole('navigation', { name: 'Eyewear' });
    expect(within(bar).getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('link', { name: /Asha/ })).toHaveAttribute('href', '/customer/account/');
  });
});
