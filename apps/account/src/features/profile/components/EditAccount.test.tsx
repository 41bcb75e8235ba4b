import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import EditAccount from './EditAccount';

const user = {
  id: 42,
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  login: true,
  dittos: [],
  hasPlacedOrder: false,
  isLoyalty: false,
  countryCode: 'in',
};
const me = { result: user } as never;

describe('edit account: marketing subscription', () => {
  it('shows the subscription and toggles it', async () => {
    let subscribed = false;
    const { client, calls } = fakeApi({
      'me.get': me,
      'marketing.subscription': () => ({ result: { email: 'asha@example.com', subscribed, channels: subscribed ? ['email'] : [] } }) as never,
      'marketing.subscribe': ({ body }) => {
        subscribed = (body as { subscribed: boolean }).subscribed;
        return { result: { email: 'asha@example.com', subscribed, channels: subscribed ? ['email'] : [] } } as never;
      },
    });
    renderPage(<EditAccount />, { api: client, session: CUSTOMER });
    const box = await screen.findByRole('checkbox', { name: 'Send me offers and news' }, { timeout: 5000 });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    expect(await screen.findByText('Your marketing preference has been saved.')).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v2/marketing/subscription')?.body).toEqual({
      email: 'asha@example.com',
      subscribed: true,
      channels: ['email'],
    });
    // No WhatsApp consent without a telephone on the profile (account §5).
    expect(screen.queryByRole('checkbox', { name: 'Send me order updates on WhatsApp' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v2/customers/whatsapp-consent')).toBe(false);
  });

  it('swallows a failed change silently and puts the box back (account §8)', async () => {
    const { client } = fakeApi({
      'me.get': me,
      'marketing.subscription': { result: { email: 'asha@example.com', subscribed: true, channels: ['email'] } } as never,
      'marketing.subscribe': fail(500, {}),
    });
    renderPage(<EditAccount />, { api: client, session: CUSTOMER });
    const box = await screen.findByRole('checkbox', { name: 'Send me offers and news' }, { timeout: 5000 });
    expect(box).toBeChecked();
    fireEvent.click(box);
    await waitFor(() => expect(box).not.toBeDisabled());
    expect(box).toBeChecked();
    expect(screen.queryByText('Your marketing preference has been saved.')).not.toBeInTheDocument();
  });
});

describe('edit account: a new e-mail waits for its code (docs/adr/020)', () => {
  it('keeps the old e-mail until the code sent to the new one is entered', async () => {
    let email = 'asha@example.com';
    const { client, calls } = fakeApi({
      'me.get': () => ({ result: { ...user, email } }) as never,
      'marketing.subscription': { result: { email, subscribed: false, channels: [] } } as never,
      'account.updateUserInfo': { result: { ...user, pendingVerification: { email: 'new@example.com' } } } as never,
      'account.confirmContact': ({ body }) => {
        if (body.code !== '654321') return fail(400, { message: 'The code you entered is incorrect.', field: 'code', code: 'BAD_REQUEST' });
        email = 'new@example.com';
        return { result: { ...user, email } } as never;
      },
    });
    renderPage(<EditAccount />, { api: client, session: CUSTOMER });
    const emailField = await screen.findByLabelText('E-mail', {}, { timeout: 5000 });
    fireEvent.change(emailField, { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    const confirm = await screen.findByRole('form', { name: 'Confirm your e-mail' });
    expect(confirm).toHaveTextContent('Enter the code we sent to new@example.com.');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code you entered is incorrect.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Confirmed: new@example.com is now on your account.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Confirm your e-mail' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v2/customers/info/verify').map((c) => c.body)).toEqual([
      { contact: 'email', code: '111111' },
      { contact: 'email', code: '654321' },
    ]);
  });
});

describe('edit account: a number given at sign-up and never confirmed (issue 40)', () => {
  it('says a code sign-in cannot reach the account with it, and confirms it with a code', async () => {
    const { client, callsTo } = fakeApi({
      'me.get': { result: { ...user, phoneCode: '+91', telephone: '9876543210', phoneVerified: false } } as never,
      'marketing.subscription': { result: { email: 'asha@example.com', subscribed: false, channels: [] } } as never,
      'account.whatsappConsent': { result: { optin: false, status: 'OPT_OUT' } } as never,
      'account.updateUserInfo': { result: { ...user, pendingVerification: { telephone: '9876543210' } } } as never,
      'account.confirmContact': { result: { ...user, telephone: '9876543210', phoneVerified: true } } as never,
    });
    renderPage(<EditAccount />, { api: client, session: CUSTOMER });
    expect(await screen.findByText(/This number is not confirmed yet/, {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm this number' }));
    const form = await screen.findByRole('form', { name: 'Confirm your mobile number' });
    expect(callsTo('account.updateUserInfo')[0]!.body).toEqual({ telephone: '9876543210', phoneCode: '+91' });
    expect(form).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm this number' })).not.toBeInTheDocument();
  });
});
