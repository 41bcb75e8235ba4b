import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { sessionChanged, toastShow } from '@eyewear/event-bus';
import { fail } from '@eyewear/api-client/testing';
import { shellApi, renderShell } from '../../testing/render-shell';
import { SITE_RATING_TIMEOUT_MS } from '../meta/structured-data';
import { GUEST } from '../shell-slice';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

beforeEach(() => {
  jest.clearAllMocks();
  (loadRemote as jest.Mock).mockResolvedValue({ default: () => <h1>page</h1> });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  sessionStorage.clear();
  document.cookie = 'exchange_session=; Max-Age=0; Path=/';
  document.cookie = 'return_mode=; Max-Age=0; Path=/';
});

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const dubai = () =>
  shellApi(
    {},
    {
      'marketing.location': () => ({ result: { audienceType: 'international', country: 'ae', city: 'Dubai' } }),
      'marketing.utm': () => ({ result: { success: true } }),
    },
  );

describe('country banner', () => {
  it('tells a visitor from the UAE where they are, with a button to the UAE site carrying the referrer and the stored campaign', async () => {
    const api = dubai();
    await renderShell('/cart?utm_source=google&utm_campaign=summer', api);
    await flush();
    const banner = await screen.findByTestId('shell-country-banner');
    expect(banner).toHaveTextContent('Looks like you are out of town: you are in Dubai, United Arab Emirates.');
    const href = new URL(within(banner).getByRole('link', { name: 'Go to the United Arab Emirates site' }).getAttribute('href')!);
    expect(href.origin).toBe('https://www.eyewear.ae');
    expect(href.searchParams.get('referrer')).toBe('www.eyewear.in');
    expect(href.searchParams.get('utm_source')).toBe('google');
    expect(href.searchParams.get('utm_campaign')).toBe('summer');
    expect(api.callsTo('marketing.utm').map((call) => call.body)).toContainEqual({ source: 'google', campaign: 'summer' });
  });

  it('stays hidden for a visitor from home', async () => {
    await renderShell('/cart');
    await flush();
    await flush();
    expect(screen.queryByTestId('shell-country-banner')).not.toBeInTheDocument();
  });
});

describe('exchange banner', () => {
  it('shows with an exchange cookie; another tab gets the modal and can close the exchange session', async () => {
    document.cookie = 'exchange_session=1200001:3; Path=/';
    await renderShell('/eyeglasses.html');
    await flush();
    expect(await screen.findByTestId('shell-exchange-banner')).toHaveTextContent('order 1200001');
    const modal = await screen.findByRole('dialog', { name: 'Exchange open in another tab' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Close exchange session' }));
    expect(screen.queryByTestId('shell-exchange-banner')).not.toBeInTheDocument();
    expect(document.cookie).not.toContain('exchange_session=1200001');
  });

  it('an exchange opened in another tab reaches this one when it comes back to the front, with the modal', async () => {
    await renderShell('/eyeglasses.html');
    await flush();
    expect(screen.queryByTestId('shell-exchange-banner')).not.toBeInTheDocument();
    // The other tab wrote the shared cookies; this tab's store knows nothing yet.
    document.cookie = 'exchange_session=1200002:4; Path=/';
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByTestId('shell-exchange-banner')).toHaveTextContent('order 1200002');
    expect(await screen.findByRole('dialog', { name: 'Exchange open in another tab' })).toBeInTheDocument();
  });

  it('is not shown in store_return mode', async () => {
    document.cookie = 'exchange_session=1200001:3; Path=/';
    document.cookie = 'return_mode=store_return; Path=/';
    sessionStorage.setItem('shell.exchangeTab', '1200001:3');
    await renderShell('/eyeglasses.html');
    await flush();
    expect(screen.queryByTestId('shell-exchange-banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('toasts', () => {
  it('shows a toast/show for 2000 ms', async () => {
    jest.useFakeTimers();
    const { pageStore } = await renderShell('/cart');
    act(() => {
      pageStore.store.dispatch(toastShow({ message: 'Added to shortlist', success: true }));
    });
    expect(screen.getByText('Added to shortlist')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('Added to shortlist')).not.toBeInTheDocument();
    jest.useRealTimers();
  });
});

describe('page metadata', () => {
  const jsonLd = () => JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!) as Array<Record<string, unknown>>;

  it('writes the description, canonical and alternates, and the JSON-LD with an AggregateRating on /', async () => {
    await renderShell('/');
    await flush();
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('30-day returns with free shipping'));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.eyewear.in/');
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(5);
    const [organization, website] = jsonLd();
    expect(organization).toMatchObject({ '@type': 'Organization', aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.4, bestRating: 5 } });
    expect(website).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction' } });
  });

  it('rates the site 0 when the rating takes longer than 2 s, and gives the call up', async () => {
    jest.useFakeTimers();
    try {
      // The reviews API never answers.
      const api = shellApi({}, { 'reviews.siteRating': () => new Promise<never>(() => undefined) });
      await renderShell('/', api);
      await act(() => jest.advanceTimersByTimeAsync(SITE_RATING_TIMEOUT_MS - 1));
      // While it loads the JSON-LD has no rating yet.
      expect(jsonLd()[0]!.aggregateRating).toBeUndefined();
      const [call] = api.callsTo('reviews.siteRating');
      expect(call!.signal?.aborted).toBe(false);
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(jsonLd()[0]).toMatchObject({ aggregateRating: { ratingValue: 0, reviewCount: 0 } });
      expect(call!.signal?.aborted).toBe(true);
      expect(SITE_RATING_TIMEOUT_MS).toBe(2000);
    } finally {
      jest.useRealTimers();
    }
  });

  it('rates the site 0 when the rating fails', async () => {
    await renderShell('/', shellApi({}, { 'reviews.siteRating': fail(500) }));
    await flush();
    expect(jsonLd()[0]).toMatchObject({ aggregateRating: { ratingValue: 0, reviewCount: 0 } });
  });

  it('has no AggregateRating elsewhere', async () => {
    await renderShell('/cart');
    await flush();
    expect(jsonLd()[0]!.aggregateRating).toBeUndefined();
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.eyewear.in/cart');
  });
});

describe('UTM intake', () => {
  it('sends the stored campaign again after a login, once per customer', async () => {
    const api = shellApi({}, { 'marketing.utm': () => ({ result: { success: true } }) });
    const { pageStore } = await renderShell('/cart?utm_medium=email', api);
    const utmCalls = () => api.callsTo('marketing.utm');
    expect(utmCalls()).toHaveLength(1);
    // Async: the client sends its request a tick after the call.
    await act(async () => {
      pageStore.store.dispatch(sessionChanged({ ...GUEST, ready: true, login: true, customerId: 9, firstName: 'Ravi' }));
    });
    await act(async () => {
      pageStore.store.dispatch(sessionChanged({ ...GUEST, ready: true, login: true, customerId: 9, firstName: 'Ravi', cartCount: 1 }));
    });
    expect(utmCalls()).toHaveLength(2);
    expect(utmCalls()[1]!.body).toEqual({ medium: 'email' });
  });
});
