import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { GUEST, renderFragment, renderPage } from '@eyewear/event-bus/testing';
import { CAPTCHA_SCRIPTS, captchaOnloadName } from '@eyewear/ui';
import { EmailSignIn } from './EmailSignIn';
import { SocialLink } from './SocialLink';

/**
 * Issue 40 (docs/adr/042): past an account's free failures, a browser that never signed in to it
 * sends a captcha with the password. The form says why, shows the captcha (the built-in image in
 * local mode, the provider's widget in production) and sends its answer with the next try.
 */
const REQUIRED = 'There were several failed sign-in attempts for this e-mail. To keep the account safe, please complete the captcha and try again.';
const captchaRequired = (status = 429, message = REQUIRED) => fail(status, { message, field: 'captcha', code: 'CAPTCHA_REQUIRED', captchaRequired: true });
const login = { result: { token: 'x'.repeat(64), cygnus: { cygnusId: null }, emailVerificationStatus: 'VERIFIED' as const } };

function signIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the e-mail sign-in asks for a captcha when the API does', () => {
  it('local mode: says why, shows the image, sends id:answer with the password, and a new image after each try', async () => {
    let captchas = 0;
    const bodies: unknown[] = [];
    const { client, callsTo } = fakeApi({
      'checkout.captcha': () => ({ result: { provider: 'builtin', id: `cap${++captchas}`, image: `data:image/svg+xml;base64,${captchas}` } }),
      'account.authenticate': ({ body }) => {
        bodies.push(body);
        if (!body.captcha) return captchaRequired();
        if (body.captcha === 'cap1:WRONG') return captchaRequired(400, 'The characters do not match. Please try again.');
        return body.password === 'secret-pass' ? login : fail(401, { message: 'Invalid login or password.' });
      },
    });
    const onLogin = jest.fn();
    renderFragment(<EmailSignIn onLogin={onLogin} onForgot={jest.fn()} />, { api: client });
    expect(screen.queryByLabelText('Enter the captcha')).not.toBeInTheDocument();
    signIn('asha@example.com', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(REQUIRED);
    expect(await screen.findByRole('img', { name: 'Captcha image' })).toHaveAttribute('src', 'data:image/svg+xml;base64,1');
    // Without the characters: asked for them, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the captcha', { selector: '.acc-field__error' })).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Enter the captcha'), { target: { value: 'WRONG' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The characters do not match. Please try again.')).toBeInTheDocument();
    // The used image is replaced; the right characters and password sign in.
    expect(await screen.findByRole('img', { name: 'Captcha image' })).toHaveAttribute('src', 'data:image/svg+xml;base64,2');
    fireEvent.change(screen.getByLabelText('Enter the captcha'), { target: { value: 'AB3CD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onLogin).toHaveBeenCalled());
    expect(bodies).toEqual([
      { email: 'asha@example.com', password: 'secret-pass' },
      { email: 'asha@example.com', password: 'secret-pass', captcha: 'cap1:WRONG' },
      { email: 'asha@example.com', password: 'secret-pass', captcha: 'cap2:AB3CD' },
    ]);
    expect(callsTo('checkout.captcha').length).toBeGreaterThanOrEqual(2);
  });

  it("production: shows the provider's widget (its script loaded only now) and sends its token", async () => {
    const bodies: { captcha?: string }[] = [];
    const { client } = fakeApi({
      'checkout.captcha': { result: { provider: 'turnstile', siteKey: 'site-key-1' } },
      'account.authenticate': ({ body }) => {
        bodies.push(body);
        return body.captcha === 'provider-token' ? login : captchaRequired();
      },
    });
    const onLogin = jest.fn();
    renderFragment(<EmailSignIn onLogin={onLogin} onForgot={jest.fn()} />, { api: client });
    const turnstileScript = () => document.head.querySelector(`script[src^="${CAPTCHA_SCRIPTS.turnstile.src}"]`);
    expect(turnstileScript()).toBeNull();
    signIn('asha@example.com', 'secret-pass');
    expect(await screen.findByRole('group', { name: 'Security check' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Captcha image' })).not.toBeInTheDocument();
    expect(turnstileScript()).not.toBeNull();
    let solve: (token: string) => void = () => {};
    const render = jest.fn((_element: HTMLElement, options: { sitekey: string; callback: (token: string) => void }) => {
      solve = options.callback;
      return 'w1';
    });
    (window as unknown as Record<string, unknown>).turnstile = { render, reset: jest.fn(), remove: jest.fn() };
    await act(async () => (window as unknown as Record<string, () => void>)[captchaOnloadName('turnstile')]!());
    expect(render).toHaveBeenCalledWith(expect.any(HTMLElement), expect.objectContaining({ sitekey: 'site-key-1' }));
    act(() => solve('provider-token'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onLogin).toHaveBeenCalled());
    expect(bodies.map((b) => b.captcha)).toEqual([undefined, 'provider-token']);
  });
});

describe('linking a social sign-in by password asks for a captcha when the API does', () => {
  it('shows the captcha with the reason and sends it with the password', async () => {
    const { client, callsTo } = fakeApi({
      'checkout.captcha': { result: { provider: 'builtin', id: 'cap9', image: 'data:image/svg+xml;base64,9' } },
      'account.socialLink': {
        result: { provider: 'google', email: 'priya@example.com', existingAccount: true, passwordAllowed: true, returnTo: '/cart' },
      } as never,
      'account.socialLinkConfirm': ({ body }) => ('captcha' in body && body.captcha ? { result: { ...login.result, returnTo: '/cart' } } : captchaRequired()),
      'me.get': { result: { id: 7, customerId: 7, firstName: 'Priya', email: 'priya@example.com', dittos: [], countryCode: 'in', login: true } } as never,
    });
    renderPage(<SocialLink error={null} returnTo={null} />, { api: client, url: '/customer/account/sociallink', session: GUEST });
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'right-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Captcha image' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Enter the captcha'), { target: { value: 'XY7ZQ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
    expect(callsTo('account.socialLinkConfirm').map((c) => c.body)).toEqual([{ password: 'right-pass' }, { password: 'right-pass', captcha: 'cap9:XY7ZQ' }]);
  });
});
