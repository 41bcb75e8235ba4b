import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, GUEST, renderPage } from '@eyewear/event-bus/testing';
import { SocialLink } from './SocialLink';

const me = {
  result: { ...CUSTOMER, id: 7, customerId: 7, firstName: 'Priya', lastName: 'Shah', email: 'priya@example.com', dittos: [], countryCode: 'in' },
} as never;
const login = { result: { token: 'x'.repeat(64), cygnus: { cygnusId: null }, emailVerificationStatus: 'VERIFIED' as const, returnTo: '/cart' } };
const pending = (overrides: Record<string, unknown> = {}) =>
  ({ result: { provider: 'google', email: 'priya@example.com', existingAccount: true, passwordAllowed: true, returnTo: '/cart', ...overrides } }) as never;

describe('social sign-in: link your account', () => {
  it('asks for the existing account password, shows a wrong one, links with the right one and goes back', async () => {
    const { client, callsTo } = fakeApi({
      'account.socialLink': pending(),
      'account.socialLinkConfirm': ({ body }) =>
        'password' in body && body.password === 'right-pass'
          ? login
          : fail(400, { message: 'The password is not correct.', field: 'password', code: 'BAD_REQUEST' }),
      'me.get': me,
    });
    renderPage(<SocialLink error={null} returnTo={null} />, { api: client, url: '/customer/account/sociallink?returnTo=%2Fcart', session: GUEST });
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
    expect(callsTo('account.socialLinkConfirm').map((c) => c.body)).toEqual([{ password: 'wrong-pass' }, { password: 'right-pass' }]);
    expect(byPassword).toBeInTheDocument();
  });

  it('offers only a code when the password cannot prove the account, and links with the e-mailed code', async () => {
    const { client, callsTo } = fakeApi({
      'account.socialLink': pending({ passwordAllowed: false }),
      'account.socialLinkCode': { result: { success: true, message: 'sent' } },
      'account.socialLinkConfirm': login,
      'me.get': me,
    });
    renderPage(<SocialLink error={null} returnTo={null} />, { api: client, url: '/customer/account/sociallink', session: GUEST });
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
    expect(callsTo('account.socialLinkConfirm').map((c) => c.body)).toEqual([{ code: '123456' }]);
    expect(form).toBeInTheDocument();
  });

  it('says when a new e-mail needs confirming, and when nothing is waiting', async () => {
    const { client } = fakeApi({ 'account.socialLink': pending({ existingAccount: false, passwordAllowed: false, email: 'new@example.com' }) });
    const view = renderPage(<SocialLink error={null} returnTo={null} />, { api: client, session: GUEST });
    expect(await screen.findByText('Confirm new@example.com to create your account with your Google sign-in.')).toBeInTheDocument();
    view.unmount();
    renderPage(<SocialLink error={null} returnTo={null} />, { api: fakeApi({}).client, session: GUEST });
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no social sign-in waiting here.');
  });

  it('explains a cancelled or refused sign-in and links back to the page (never off-site)', () => {
    const { client, calls } = fakeApi({});
    const view = renderPage(<SocialLink error="denied" returnTo="/eyeglasses" />, { api: client, session: GUEST });
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in was cancelled at the provider. You are not signed in.');
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/eyeglasses');
    view.unmount();
    renderPage(<SocialLink error="failed" returnTo="//evil.example" />, { api: client, session: GUEST });
    expect(screen.getByRole('alert')).toHaveTextContent('could not be verified');
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    expect(calls).toEqual([]);
  });
});
