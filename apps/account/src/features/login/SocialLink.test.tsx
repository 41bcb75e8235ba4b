import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CUSTOMER, fakeApi, GUEST, renderInShell } from '../../testing/render';
import { SocialLink } from './SocialLink';

const me = { result: { ...CUSTOMER, id: 7, customerId: 7, firstName: 'Priya', lastName: 'Shah', email: 'priya@example.com', dittos: [], countryCode: 'in' } };
const login = { result: { token: 'x'.repeat(64), emailVerificationStatus: 'VERIFIED', returnTo: '/cart' } };
const pending = (overrides: Record<string, unknown> = {}) => ({
  body: { result: { provider: 'google', email: 'priya@example.com', existingAccount: true, passwordAllowed: true, returnTo: '/cart', ...overrides } },
});

describe('social sign-in: link your account', () => {
  it('asks for the existing account password, shows a wrong one, links with the right one and goes back', async () => {
    const calls = fakeApi({
      'GET /v2/customers/social/link': pending(),
      'POST /v2/customers/social/link': ({ body }) =>
        (body as { password?: string }).password === 'right-pass'
          ? { body: login }
          : { status: 400, body: { message: 'The password is not correct.', field: 'password', code: 'BAD_REQUEST' } },
      'GET /me': { body: me },
    });
    renderInShell(<SocialLink error={null} returnTo={null} />, { url: '/customer/account/sociallink?returnTo=%2Fcart', session: GUEST });
    expect(await screen.findByRole('heading', { name: 'Link your Google sign-in' })).toBeInTheDocument();
    expect(screen.getByText('An account with priya@example.com already exists. Show that it is yours to link your Google sign-in to it.')).toBeInTheDocument();
    const byPassword = screen.getByRole('form', { name: 'Use the password of your account' });
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/v2/customers/social/link').map((c) => c.body)).toEqual([
      { password: 'wrong-pass' },
      { password: 'right-pass' },
    ]);
    expect(byPassword).toBeInTheDocument();
  });

  it('offers only a code when the password cannot prove the account, and links with the e-mailed code', async () => {
    const calls = fakeApi({
      'GET /v2/customers/social/link': pending({ passwordAllowed: false }),
      'POST /v2/customers/social/link/code': { body: { result: { success: true, message: 'sent' } } },
      'POST /v2/customers/social/link': { body: login },
      'GET /me': { body: me },
    });
    renderInShell(<SocialLink error={null} returnTo={null} />, { url: '/customer/account/sociallink', session: GUEST });
    const form = await screen.findByRole('form', { name: 'Get a code by e-mail' });
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByText('We e-mailed a code to priya@example.com.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Code from the e-mail'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByText('Please enter the code you received')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Code from the e-mail'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v2/customers/social/link')?.body).toEqual({ code: '123456' });
    expect(form).toBeInTheDocument();
  });

  it('says when a new e-mail needs confirming, and when nothing is waiting', async () => {
    fakeApi({ 'GET /v2/customers/social/link': pending({ existingAccount: false, passwordAllowed: false, email: 'new@example.com' }) });
    const view = renderInShell(<SocialLink error={null} returnTo={null} />, { session: GUEST });
    expect(await screen.findByText('Confirm new@example.com to create your account with your Google sign-in.')).toBeInTheDocument();
    view.unmount();
    fakeApi({});
    renderInShell(<SocialLink error={null} returnTo={null} />, { session: GUEST });
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no social sign-in waiting here.');
  });

  it('explains a cancelled or refused sign-in and links back to the page (never off-site)', () => {
    const view = renderInShell(<SocialLink error="denied" returnTo="/eyeglasses" />, { session: GUEST });
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in was cancelled at the provider. You are not signed in.');
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/eyeglasses');
    view.unmount();
    renderInShell(<SocialLink error="failed" returnTo="//evil.example" />, { session: GUEST });
    expect(screen.getByRole('alert')).toHaveTextContent('could not be verified');
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });
});
