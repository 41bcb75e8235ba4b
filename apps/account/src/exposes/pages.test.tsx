import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { sessionChanged } from '@eyewear/event-bus';
import { CUSTOMER, GUEST, renderPage } from '@eyewear/event-bus/testing';
import type { RemotePageProps } from '@eyewear/federation';
import { frameMessages } from '../app/frame-messages';
import { messages } from '../app/messages';
import { anOrder, anOrderItem } from '../testing/fixtures';
import AccountPage from './AccountPage';
import LensPackageUpgradePage from './LensPackageUpgradePage';
import OrderDetailPage from './OrderDetailPage';
import OrderInvoicePage from './OrderInvoicePage';
import OrdersPage from './OrdersPage';
import PasswordPage from './PasswordPage';
import ReturnDetailsPage from './ReturnDetailsPage';
import ReturnProductsPage from './ReturnProductsPage';
import ReturnStepPage from './ReturnStepPage';

const m = messages.defaults;
const f = frameMessages.defaults;
const guarded: { name: string; Page: ComponentType<RemotePageProps>; props: RemotePageProps; url: string; title: string; shows?: string }[] = [
  { name: 'AccountPage', Page: AccountPage, props: { params: { '*': 'account/' }, props: {} }, url: '/customer/account/', title: m.ordersTitle },
  {
    name: 'AccountPage',
    Page: AccountPage,
    props: { params: { '*': 'prescriptions/' }, props: {} },
    url: '/customer/prescriptions/',
    title: m.prescriptionsTitle,
  },
  {
    name: 'OrderDetailPage',
    Page: OrderDetailPage,
    props: { params: { id: '1200' }, props: {} },
    url: '/sales/order/history/order-detail/1200',
    title: m.orderDetailPageTitle,
    shows: 'Order 1200',
  },
  {
    name: 'OrderInvoicePage',
    Page: OrderInvoicePage,
    props: { params: { id: '1200' }, props: {} },
    url: '/sales/order/invoice/1200',
    title: m.invoicePageTitle,
    shows: 'Order 1200',
  },
  { name: 'OrdersPage', Page: OrdersPage, props: { params: {}, props: {} }, url: '/sales/order/history', title: m.ordersPageTitle },
  {
    name: 'ReturnDetailsPage',
    Page: ReturnDetailsPage,
    props: { params: { id: '55' }, props: {} },
    url: '/sales/order/return-details/55',
    title: m.returnDetailsPageTitle,
    shows: 'Return 55',
  },
  {
    name: 'ReturnProductsPage',
    Page: ReturnProductsPage,
    props: { params: { id: '1200' }, props: {} },
    url: '/sales/order/return/products/1200',
    title: m.returnProductsPageTitle,
    shows: 'Order 1200',
  },
  {
    name: 'LensPackageUpgradePage',
    Page: LensPackageUpgradePage,
    props: { params: { orderId: '1200', itemId: '11' }, props: {} },
    url: '/lens-package-upgrade/1200/11',
    title: m.lensPackageUpgradePageTitle,
    shows: 'Order 1200',
  },
  {
    name: 'ReturnStepPage',
    Page: ReturnStepPage,
    props: { params: { exchangeOrderId: '1200', returnProductId: '77' }, props: {} },
    url: '/customer/my/order/return/1200/77',
    title: m.returnStepPageTitle,
    shows: 'Order 1200',
  },
];

describe('account pages for a guest', () => {
  it.each(guarded)('$name ($url) shows its title and asks the guest to sign in', async ({ name, Page, props, url, title, shows }) => {
    const { client, calls } = fakeApi({});
    const { actions } = renderPage(<Page {...props} />, { api: client, url, session: GUEST });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId(`account-${name}`)).toBeInTheDocument();
    if (shows) expect(screen.getByText(shows)).toBeInTheDocument();
    expect(await screen.findByText(f.loginRequired, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(document.title).toBe(`${title} | ${m.siteName}`);
    expect(actions).toContainEqual({ type: 'auth/loginRequested', payload: { tab: 'signin', redirectTo: url } });
    // Nothing of the account is fetched for a guest.
    expect(calls).toEqual([]);
  });

  it('waits for the session before deciding (skeleton, no prompt)', async () => {
    const { client } = fakeApi({});
    const { actions } = renderPage(<AccountPage params={{ '*': 'account/' }} props={{}} />, { api: client, url: '/customer/account/', session: null });
    expect(await screen.findByRole('navigation', { name: f.accountNav })).toBeInTheDocument();
    expect(screen.getAllByRole('status', { name: m.loading }).length).toBeGreaterThan(0);
    expect(screen.queryByText(f.loginRequired)).not.toBeInTheDocument();
    expect(actions.some((a) => a.type === 'auth/loginRequested')).toBe(false);
  });
});

describe('account pages for a customer', () => {
  it('shows the orders of the customer, with a way to each order', async () => {
    const { client } = fakeApi({
      'orders.list': { result: { orders: [anOrder({ items: [anOrderItem({ id: 1 })] })], totalOrder: 1, page: 0, pageSize: 5 } },
    });
    renderPage(<AccountPage params={{ '*': 'account/' }} props={{}} />, { api: client, url: '/customer/account/', session: CUSTOMER });
    expect(await screen.findByRole('heading', { name: 'Order #7' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order #7' })).toHaveAttribute('href', '/sales/order/history/order-detail/7');
    expect(screen.queryByRole('button', { name: 'Show more orders' })).not.toBeInTheDocument();
  });

  it('shows an empty state and a failure with a retry', async () => {
    let down = true;
    const { client } = fakeApi({
      'orders.list': () => (down ? fail(500, { message: 'Down for a moment' }) : { result: { orders: [], totalOrder: 0, page: 0, pageSize: 5 } }),
    });
    renderPage(<OrdersPage params={{}} props={{}} />, { api: client, url: '/sales/order/history', session: CUSTOMER });
    expect(await screen.findByText('Down for a moment')).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
  });

  it('a lens upgrade link opened signed out shows the upgrade once the customer signs in (issue 42)', async () => {
    const order = anOrder({ id: 1200, items: [anOrderItem({ id: 11, name: 'Round Classic' })] });
    const { client, calls } = fakeApi({ 'orders.get': { result: order } });
    const { store } = renderPage(<LensPackageUpgradePage params={{ orderId: '1200' }} props={{}} />, {
      api: client,
      url: '/lens-package-upgrade/1200',
      session: GUEST,
    });
    const guard = await screen.findByRole('region', { name: f.loginRequired }, { timeout: 5000 });
    expect(within(guard).getByRole('button', { name: f.loginButton })).toBeInTheDocument();
    expect(screen.queryByText(/not found/i)).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    act(() => {
      store.dispatch(sessionChanged(CUSTOMER));
    });
    expect(await screen.findByRole('link', { name: 'Upgrade the lenses of Round Classic' })).toHaveAttribute('href', '/lens-package-upgrade/1200/11');
    expect(screen.queryByRole('region', { name: f.loginRequired })).not.toBeInTheDocument();
  });

  it('lens package upgrade shows the order it is for', () => {
    const { client } = fakeApi({});
    renderPage(<LensPackageUpgradePage params={{ orderId: '1200' }} props={{}} />, { api: client, url: '/lens-package-upgrade/1200', session: CUSTOMER });
    expect(screen.getByRole('heading', { level: 1, name: m.lensPackageUpgradePageTitle })).toBeInTheDocument();
    expect(screen.getByText('Order 1200')).toBeInTheDocument();
  });
});

describe('password pages', () => {
  it('resets with the e-mailed token', async () => {
    const { client, calls } = fakeApi({ 'account.resetPassword': { result: { success: true } } });
    const { getByLabelText, getByRole, findByLabelText } = renderPage(<PasswordPage params={{}} props={{ mode: 'reset' }} />, {
      api: client,
      url: '/customer/account/resetpassword?token=tok_abcdefghijklmnop',
    });
    await findByLabelText('New password');
    fireEvent.change(getByLabelText('New password'), { target: { value: 'brand-new-1' } });
    fireEvent.change(getByLabelText('Confirm new password'), { target: { value: 'brand-new-2' } });
    fireEvent.click(getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    fireEvent.change(getByLabelText('Confirm new password'), { target: { value: 'brand-new-1' } });
    fireEvent.click(getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(f.resetDone)).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      name: 'account.resetPassword',
      params: { token: 'tok_abcdefghijklmnop' },
      body: { newPassword: 'brand-new-1', confirmNewPassword: 'brand-new-1' },
    });
  });

  it('without a token shows a signed-in customer the change-password form of the spec (e-mail, current and new password)', async () => {
    const { client, calls } = fakeApi({ 'account.changePassword': { result: { success: true } } });
    renderPage(<PasswordPage params={{}} props={{ mode: 'reset' }} />, { api: client, url: '/customer/account/resetpassword', session: CUSTOMER });
    expect(screen.getByRole('heading', { level: 1, name: m.changePasswordTitle })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Change password' });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'old-secret' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'new-secret-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      name: 'account.changePassword',
      body: { email: 'asha@example.com', oldPassword: 'old-secret', newPassword: 'new-secret-1' },
    });
    expect(screen.getByRole('link', { name: f.getResetLink })).toHaveAttribute('href', '/customer/account/forgotpassword');
  });

  it('without a token asks a guest to sign in and offers a reset link, sending nothing', async () => {
    const { client, calls } = fakeApi({});
    renderPage(<PasswordPage params={{}} props={{ mode: 'reset' }} />, { api: client, url: '/customer/account/resetpassword', session: GUEST });
    expect(await screen.findByRole('button', { name: f.loginButton })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: f.getResetLink })).toHaveAttribute('href', '/customer/account/forgotpassword');
    expect(calls.filter((c) => c.name === 'account.changePassword')).toEqual([]);
  });

  it('forgot password reports sent (the same words whether or not an account has the e-mail) or fail', async () => {
    const sent = 'If an account exists for this e-mail, we have sent a link to reset the password.';
    const { client } = fakeApi({
      'account.forgotPassword': ({ body }) =>
        body.emailAddress === 'busy@b.co'
          ? fail(429, { message: 'Too many password reset e-mails were requested. Please try again in 58 minutes (after 10:00 UTC).', field: 'emailAddress' })
          : { result: { success: true, message: sent } },
    });
    renderPage(<PasswordPage params={{}} props={{ mode: 'forgot' }} />, { api: client, url: '/customer/account/forgotpassword' });
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'busy@b.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many password reset e-mails were requested.');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByText(sent)).toBeInTheDocument());
    expect(f.emailSent).toBe(sent);
  });
});
