import { act, fireEvent, render, screen } from '@testing-library/react';
import { CAPTCHA_SCRIPTS, captchaOnloadName } from '@eyewear/ui';
import { messages as catalogue } from '../../../app/messages';
import { NO_FIELDS, paymentOf } from '../payment-input';
import { CodCaptcha } from './CodCaptcha';

/** Cash on delivery's captcha in both modes (docs/adr/042): the built-in image locally, the provider's widget in production. */
const messages = catalogue.defaults;

describe('cash on delivery captcha', () => {
  const base = { paymentMethod: 'cod' as const };

  it('local mode: the image and the characters typed, sent as id:characters; no provider script', () => {
    const onText = jest.fn();
    render(<CodCaptcha captcha={{ provider: 'builtin', id: 'cap1', image: 'data:image/svg+xml;base64,AAAA' }} text="" onText={onText} onRenew={jest.fn()} />);
    expect(screen.getByRole('img', { name: messages.captchaImage })).toHaveAttribute('src', 'data:image/svg+xml;base64,AAAA');
    fireEvent.change(screen.getByLabelText(messages.captcha), { target: { value: 'AB3CD' } });
    expect(onText).toHaveBeenCalledWith('AB3CD');
    expect(document.head.querySelector('script[src*="turnstile"]')).toBeNull();
    const captcha = { provider: 'builtin' as const, id: 'cap1', image: 'x' };
    expect(paymentOf('cod', base, { ...NO_FIELDS, captcha, captchaText: ' AB3CD ' }, messages)).toEqual({ payment: { ...base, captcha: 'cap1:AB3CD' } });
    expect(paymentOf('cod', base, { ...NO_FIELDS, captcha, captchaText: '' }, messages)).toEqual({ error: messages.captcha });
  });

  it("production: the provider's widget, whose token is sent as the captcha", async () => {
    const onText = jest.fn();
    render(<CodCaptcha captcha={{ provider: 'turnstile', siteKey: 'site-1' }} text="" onText={onText} onRenew={jest.fn()} />);
    // The widget is a chunk of its own (off the payment page's first load): it comes after a moment.
    expect(await screen.findByRole('group', { name: messages.captchaCheck })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(document.head.querySelector(`script[src^="${CAPTCHA_SCRIPTS.turnstile.src}"]`)).not.toBeNull();
    let give: (token: string) => void = () => {};
    (window as unknown as Record<string, unknown>).turnstile = {
      render: (_el: HTMLElement, options: { callback: (token: string) => void }) => {
        give = options.callback;
        return 'w1';
      },
      reset: jest.fn(),
    };
    await act(async () => (window as unknown as Record<string, () => void>)[captchaOnloadName('turnstile')]!());
    act(() => give('provider-token'));
    expect(onText).toHaveBeenLastCalledWith('provider-token');
    const captcha = { provider: 'turnstile' as const, siteKey: 'site-1' };
    expect(paymentOf('cod', base, { ...NO_FIELDS, captcha, captchaText: 'provider-token' }, messages)).toEqual({
      payment: { ...base, captcha: 'provider-token' },
    });
    expect(paymentOf('cod', base, { ...NO_FIELDS, captcha, captchaText: '' }, messages)).toEqual({ error: messages.captchaToComplete });
  });
});
