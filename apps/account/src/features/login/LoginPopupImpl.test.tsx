import { fireEvent, screen, waitFor } from '@testing-library/react';
import { forgetSettings } from '@eyewear/api-client';
import { CUSTOMER, fakeApi, GUEST, renderInShell } from '../../testing/render';
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
};
const login = { result: { token: 'x'.repeat(64), emailVerificationStatus: 'UNVERIFIED' } };

/** The popup, once its variant is known. */
async function ready(variant = 'older') {
  const dialog = await screen.findByRole('dialog', { name: 'Sign in or create an account' });
  await waitFor(() => expect(dialog).toHaveAttribute('data-variant', variant));
  return dialog;
}

function open(options: Record<string, string> = { tab: 'signin' }) {
  const onClose = jest.fn();
  const view = renderInShell(<LoginPopupImpl onClose={onClose} options={options} />, { url: '/customer/account/', session: GUEST });
  return { ...view, onClose };
}

// The remote settings are fetched once per page: each test is a new page.
beforeEach(() => forgetSettings());

describe('login popup', () => {
  it('signs in by e-mail, fetches the user, publishes the session and closes', async () => {
    const calls = fakeApi({ 'POST /v2/customers/authenticate': { body: login }, 'GET /me': { body: me } });
    const { onClose, actions } = open({ tab: 'signin', redirectTo: '/customer/account/' });
    await ready();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(expect.arrayContaining(['POST /v2/customers/authenticate', 'GET /me']));
    expect(actions).toContainEqual(expect.objectContaining({ type: 'session/changed', payload: expect.objectContaining({ login: true, customerId: 42 }) }));
  });

  it('shows the server message on a wrong password and checks the fields first', async () => {
    const calls = fakeApi({ 'POST /v2/customers/authenticate': { status: 401, body: { message: 'Invalid login or password.' } } });
    open();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.includes('authenticate'))).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope-nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login or password.');
  });

  it("sends a one-time code, validates the mobile per country, and falls back to 'Something went wrong'", async () => {
    fakeApi({
      'POST /v2/customers/mobile/otp': { body: { result: { sent: true, captchaRequired: false } } },
      'POST /v2/customers/mobile/authenticate': { status: 400, body: {} },
    });
    open();
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
    const calls = fakeApi({ 'POST /v2/customers': { body: login }, 'GET /me': { body: me } });
    const { onClose } = open({ tab: 'signup' });
    await ready();
    expect(screen.getByRole('tab', { name: 'Create an account' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/v2/customers')?.body).toMatchObject({ firstName: 'Asha', email: 'asha@example.com', password: 'secret-pass' });
  });

  it('reports the forgot-password e-mail status', async () => {
    fakeApi({ 'POST /v2/customers/password/forgot': { body: { result: { success: true } } } });
    open();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('We have e-mailed you a link to reset your password.')).toBeInTheDocument();
  });

  it('social buttons navigate to the API start route (OpenID Connect), coming back to the page', async () => {
    fakeApi({});
    open({ tab: 'signin', redirectTo: '/customer/account/' });
    await ready();
    const google = screen.getByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/api/v2/customers/social/google/start?returnTo=%2Fcustomer%2Faccount%2F&country=in');
    expect(screen.getByRole('link', { name: 'Continue with Facebook' }).getAttribute('href')).toMatch(/^\/api\/v2\/customers\/social\/facebook\/start\?/);
  });

  it('uses the newer variant when NEW_AUTH_POPUP_DESKTOP is ON: one field, then the step that fits', async () => {
    fakeApi({
      'GET /v2/config/settings': { body: { result: { NEW_AUTH_POPUP_DESKTOP: { enable: 'ON' } } } },
      'GET /v2/customers/account-info': { body: { result: { exists: true, hasPassword: true } } },
    });
    open();
    await ready('newer');
    fireEvent.change(screen.getByLabelText('E-mail or mobile number'), { target: { value: 'asha@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('asha@example.com');
  });

  it('closes on Escape', async () => {
    fakeApi({});
    const { onClose } = open();
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
