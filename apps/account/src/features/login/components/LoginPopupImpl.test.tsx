import { fireEvent, screen, waitFor } from '@testing-library/react';
import { forgetSettings } from '@eyewear/api-client';
import { fail, fakeApi, type FakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, GUEST, renderFragment } from '@eyewear/event-bus/testing';
import LoginPopupImpl, { variantOf } from './LoginPopupImpl';

const me = {
  result: {
    ...CUSTOMER,
    id: 42,
    lastName: 'Rao',
    email: 'asha@example.com',
    gender: null,
    phoneCode: '+91',
    telephone: null,
    countryCode: 'in',
    dittos: [],
    cygnus: { cygnusId: null },
  },
} as never;
const login = { result: { token: 'x'.repeat(64), cygnus: { cygnusId: null }, emailVerificationStatus: 'UNVERIFIED' as const } };

/** The popup, once its variant is known. */
async function ready(variant = 'older') {
  const dialog = await screen.findByRole('dialog', { name: 'Sign in or create an account' });
  await waitFor(() => expect(dialog).toHaveAttribute('data-variant', variant));
  return dialog;
}

function open(api: FakeApi, options: Record<string, string> = { tab: 'signin' }) {
  const onClose = jest.fn();
  const view = renderFragment(<LoginPopupImpl onClose={onClose} options={options} />, { api: api.client, url: '/customer/account/', session: GUEST });
  return { ...view, onClose };
}

// The remote settings are fetched once per page: each test is a new page.
beforeEach(() => forgetSettings());

describe('login popup', () => {
  it('signs in by e-mail, fetches the user, publishes the session and closes', async () => {
    const api = fakeApi({ 'account.authenticate': login, 'me.get': me });
    const { onClose, actions } = open(api, { tab: 'signin', redirectTo: '/customer/account/' });
    await ready();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.map((c) => c.name)).toEqual(expect.arrayContaining(['account.authenticate', 'me.get']));
    expect(actions).toContainEqual(expect.objectContaining({ type: 'session/changed', payload: expect.objectContaining({ login: true, customerId: 42 }) }));
  });

  it('shows the server message on a wrong password and checks the fields first', async () => {
    const api = fakeApi({ 'account.authenticate': fail(401, { message: 'Invalid login or password.' }) });
    open(api);
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.includes('authenticate'))).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope-nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login or password.');
  });

  it("sends a one-time code, validates the mobile per country, and falls back to 'Something went wrong'", async () => {
    const api = fakeApi({
      'account.sendOtp': { result: { sent: true, captchaRequired: false } },
      'account.mobileAuthenticate': fail(400, {}),
    });
    open(api);
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Use mobile number' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '5123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid mobile number')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code to +91 9876543210.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'One-time code' }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('opens on the sign-up tab and registers', async () => {
    const api = fakeApi({ 'account.register': login, 'me.get': me });
    const { onClose } = open(api, { tab: 'signup' });
    await ready();
    expect(screen.getByRole('tab', { name: 'Create an account' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.find((c) => c.path === '/v2/customers')?.body).toMatchObject({ firstName: 'Asha', email: 'asha@example.com', password: 'secret-pass' });
  });

  it('reports the forgot-password e-mail status', async () => {
    const api = fakeApi({ 'account.forgotPassword': { result: { success: true } } });
    open(api);
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    // The same words whether or not an account has the e-mail (issue 40).
    expect(await screen.findByText('If an account exists for this e-mail, we have sent a link to reset the password.')).toBeInTheDocument();
  });

  it('social buttons navigate to the API start route (OpenID Connect), coming back to the page', async () => {
    const api = fakeApi({});
    open(api, { tab: 'signin', redirectTo: '/customer/account/' });
    await ready();
    const google = screen.getByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/api/v2/customers/social/google/start?returnTo=%2Fcustomer%2Faccount%2F&country=in');
    expect(screen.getByRole('link', { name: 'Continue with Facebook' }).getAttribute('href')).toMatch(/^\/api\/v2\/customers\/social\/facebook\/start\?/);
  });

  it('uses the newer variant when NEW_AUTH_POPUP_DESKTOP is ON: one field, then the step that fits', async () => {
    const api = fakeApi({
      'content.settings': { result: { NEW_AUTH_POPUP_DESKTOP: { enable: 'ON' } } },
      'account.accountInfo': { result: { exists: true, hasPassword: true } },
    });
    open(api);
    await ready('newer');
    fireEvent.change(screen.getByLabelText('E-mail or mobile number'), { target: { value: 'asha@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('asha@example.com');
  });

  it('closes on Escape', async () => {
    const api = fakeApi({});
    const { onClose } = open(api);
    fireEvent.keyDown(await ready(), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('reads the variant setting', () => {
    expect(variantOf({ NEW_AUTH_POPUP_DESKTOP: { enable: 'ON' } })).toBe('newer');
    expect(variantOf({ NEW_AUTH_POPUP_DESKTOP: 'ON' })).toBe('newer');
    expect(variantOf({ NEW_AUTH_POPUP_DESKTOP: { enable: 'OFF' } })).toBe('older');
    expect(variantOf({})).toBe('older');
  });
});
