import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { fail } from '@eyewear/api-client/testing';
import { shellApi, renderShell } from '../../testing/render-shell';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

beforeEach(() => {
  jest.clearAllMocks();
  (loadRemote as jest.Mock).mockResolvedValue({ default: () => <h1>page</h1> });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('footer', () => {
  it('is built from server data: sections without Site Map, social icons (new tab when flagged), app stores to /mobile-app', async () => {
    await renderShell('/cart');
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('heading', { name: 'Services' })).toBeInTheDocument();
    expect(within(footer).getByText('Free shipping · One-year warranty · 30-day return or exchange')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Home eye test' })).toHaveAttribute('href', '/HTO');
    expect(within(footer).queryByText('Site Map')).not.toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Instagram' })).toHaveAttribute('target', '_blank');
    expect(within(footer).getByRole('link', { name: 'X' })).not.toHaveAttribute('target');
    expect(within(footer).getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', '/mobile-app');
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy.html');
  });

  it("'Enter my power' validates the phone with the spec rule, sends it, and thanks the shopper", async () => {
    const api = shellApi({}, { 'marketing.enterMyPower': () => ({ result: { success: true } }) });
    await renderShell('/cart', api);
    await userEvent.click(await screen.findByRole('button', { name: 'Enter my power' }));
    await flush();
    const dialog = await screen.findByRole('dialog', { name: 'Enter my power' });
    const phone = within(dialog).getByLabelText('Phone number');
    await userEvent.type(phone, '6876543210');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Call me' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid phone number');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('marketing.enterMyPower')).toHaveLength(0);
    await userEvent.clear(phone);
    await userEvent.type(phone, '09876543210');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Call me' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('We will call you shortly');
    expect(api.callsTo('marketing.enterMyPower').map((call) => call.query)).toEqual([{ phone: '09876543210' }]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter my power' })).toHaveFocus();
  });

  it("shows the spec's message when the power request fails", async () => {
    await renderShell('/cart', shellApi({}, { 'marketing.enterMyPower': fail(500) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enter my power' }));
    await flush();
    const dialog = await screen.findByRole('dialog', { name: 'Enter my power' });
    await userEvent.type(within(dialog).getByLabelText('Phone number'), '9876543210');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Call me' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('System error occurred. Please try after some time...');
  });
});
