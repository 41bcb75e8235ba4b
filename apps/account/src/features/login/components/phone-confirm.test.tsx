import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { forgetSettings } from '@eyewear/api-client';
import { fail, fakeApi, type FakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, GUEST, renderFragment } from '@eyewear/event-bus/testing';
import LoginPopupImpl from './LoginPopupImpl';

/**
 * Issue 40 "A customer lands in an empty account": the number given at sign-up is confirmed in
 * the sign-up form with a code, and a code sign-in with a number that sits unconfirmed on an
 * account says which one and offers to sign in there or to make a new account on purpose.
 */
const me = {
  result: { ...CUSTOMER, id: 42, lastName: 'Rao', email: 'asha@example.com', telephone: '9876543210', dittos: [], cygnus: { cygnusId: null } },
} as never;
const login = { result: { token: 'x'.repeat(64), cygnus: { cygnusId: null }, emailVerificationStatus: 'UNVERIFIED' as const } };

function open(api: FakeApi, tab: 'signin' | 'signup') {
  const onClose = jest.fn();
  renderFragment(<LoginPopupImpl onClose={onClose} options={{ tab }} />, { api: api.client, url: '/customer/account/', session: GUEST });
  return onClose;
}
const ready = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Sign in or create an account' });
  await waitFor(() => expect(dialog).not.toHaveAttribute('data-variant', 'loading'));
  return dialog;
};

beforeEach(() => forgetSettings());

describe('sign-up with a mobile number', () => {
  function fill() {
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Mobile number (optional)'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
  }

  it('sends a code to the number first, then creates the account with it', async () => {
    const api = fakeApi({ 'account.sendOtp': { result: { sent: true, captchaRequired: false } }, 'account.register': login, 'me.get': me });
    const onClose = open(api, 'signup');
    await ready();
    fill();
    expect(screen.getByText('We will send a code to confirm it.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('We sent a code to +91 9876543210. Enter it to confirm your number and create your account.')).toBeInTheDocument();
    expect(api.callsTo('account.register')).toHaveLength(0);
    expect(api.callsTo('account.sendOtp')[0]!.body).toEqual({ telephone: '9876543210', phoneCode: '+91' });

    // No code typed: the form says so and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter the code you received')).toBeInTheDocument();
    expect(api.callsTo('account.register')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('account.register')[0]!.body).toEqual({
      firstName: 'Asha',
      lastName: '',
      email: 'asha@example.com',
      password: 'secret-pass',
      telephone: '9876543210',
      phoneCode: '+91',
      code: '123456',
    });
  });

  it('a wrong code is shown on the code field; changing the number asks for a new code', async () => {
    const api = fakeApi({
      'account.sendOtp': { result: { sent: true, captchaRequired: false } },
      'account.register': fail(400, { message: 'The code you entered is incorrect.', field: 'code' }),
    });
    open(api, 'signup');
    await ready();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    fireEvent.change(await screen.findByLabelText('Code from the SMS'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The code you entered is incorrect.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Mobile number (optional)'), { target: { value: '9876543211' } });
    expect(screen.queryByLabelText('Code from the SMS')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(api.callsTo('account.sendOtp')).toHaveLength(2));
    expect(api.callsTo('account.sendOtp')[1]!.body).toMatchObject({ telephone: '9876543211' });
  });

  it('without a number, the account is created at once', async () => {
    const api = fakeApi({ 'account.register': login, 'me.get': me });
    const onClose = open(api, 'signup');
    await ready();
    fill();
    fireEvent.change(screen.getByLabelText('Mobile number (optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('account.sendOtp')).toHaveLength(0);
  });
});

describe('code sign-in with a number that sits unconfirmed on an account', () => {
  async function signInByCode(api: FakeApi) {
    const onClose = open(api, 'signin');
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Use mobile number' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'One-time code' }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    return onClose;
  }
  const unconfirmed = fail(409, { message: 'x', field: 'telephone', code: 'PHONE_UNCONFIRMED', maskedEmail: 'a***@example.com' });

  it('names the account and signs in there by e-mail', async () => {
    const api = fakeApi({ 'account.sendOtp': { result: { sent: true, captchaRequired: false } }, 'account.mobileAuthenticate': unconfirmed });
    await signInByCode(api);
    const choice = await screen.findByRole('group');
    expect(within(choice).getByRole('alert')).toHaveTextContent('+91 9876543210 was given when a***@example.com was created, but it was never confirmed');
    fireEvent.click(within(choice).getByRole('button', { name: 'Sign in with a***@example.com' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(api.callsTo('account.mobileAuthenticate')).toHaveLength(1);
  });

  it('or makes a new account with the number on purpose, with the same code', async () => {
    const api = fakeApi({
      'account.sendOtp': { result: { sent: true, captchaRequired: false } },
      'account.mobileAuthenticate': (request) => (request.body.newAccount ? login : unconfirmed),
      'me.get': me,
    });
    const onClose = await signInByCode(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Create a new account with this number' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('account.mobileAuthenticate').map((c) => c.body)).toEqual([
      { telephone: '9876543210', phoneCode: '+91', code: '123456' },
      { telephone: '9876543210', phoneCode: '+91', code: '123456', newAccount: true },
    ]);
  });
});
