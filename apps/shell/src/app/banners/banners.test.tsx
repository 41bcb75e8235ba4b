import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { sessionChanged, toastShow } from '@eyewear/event-bus';
import { answerRemotesJson, fakeApi, renderShell } from '../../testing/render-shell';
import { GUEST } from '../shell-slice';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

beforeEach(() => {
  jest.clearAllMocks();
  answerRemotesJson();
  (loadRemote as jest.Mock).mockResolvedValue({ default: () => <h1>page</h1> });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  sessionStorage.clear();
  document.cookie = 'exchange_session=; Max-Age=0; Path=/';
  document.cookie = 'return_mode=; Max-Age=0; Path=/';
});

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const dubai = () =>
  fakeApi(
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
    expect(api.call).toHaveBeenCalledWith(expect.objectContaining({ name: 'marketing.utm' }), { body: { source: 'google', campaign: 'summer' } });
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
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('30-day returns'));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.eyewear.in/');
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(5);
    const [organization, website] = jsonLd();
    expect(organization).toMatchObject({ '@type': 'Organization', aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.4, bestRating: 5 } });
    expect(website).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction' } });
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
    const api = fakeApi({}, { 'marketing.utm': () => ({ result: { success: true } }) });
    const { pageStore } = await renderShell('/cart?utm_medium=email', api);
    const utmCalls = () => api.call.mock.calls.filter(([route]) => (route as { name: string }).name === 'marketing.utm');
    expect(utmCalls()).toHaveLength(1);
    act(() => {
      pageStore.store.dispatch(sessionChanged({ ...GUEST, ready: true, login: true, customerId: 9, firstName: 'Ravi' }));
    });
    act(() => {
      pageStore.store.dispatch(sessionChanged({ ...GUEST, ready: true, login: true, customerId: 9, firstName: 'Ravi', cartCount: 1 }));
    });
    expect(utmCalls()).toHaveLength(2);
    expect(utmCalls()[1]![1]).toEqual({ body: { medium: 'email' } });
  });
});
