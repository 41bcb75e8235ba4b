import { act, render, screen } from '@testing-library/react';
import { CaptchaWidget, captchaOnloadName, CAPTCHA_SCRIPTS } from './captcha-widget';

/** A stand-in for the provider's script: what its global's render and reset were asked. */
function fakeProvider(global: string) {
  const rendered: { sitekey: unknown; callback: (token: string) => void; expired: () => void }[] = [];
  const api = {
    render: jest.fn((_element: HTMLElement, options: Record<string, unknown>) => {
      rendered.push({ sitekey: options.sitekey, callback: options.callback as (t: string) => void, expired: options['expired-callback'] as () => void });
      return `widget-${rendered.length}`;
    }),
    reset: jest.fn(),
    remove: jest.fn(),
  };
  (window as unknown as Record<string, unknown>)[global] = api;
  return { api, rendered };
}

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src') ?? '');

describe('a captcha provider widget', () => {
  it('loads the provider script only when shown, renders with our site key and hands the token up; a new round resets it', async () => {
    expect(scripts().some((src) => src.includes('hcaptcha'))).toBe(false);
    const onToken = jest.fn();
    const view = render(<CaptchaWidget provider="hcaptcha" siteKey="site-123" onToken={onToken} label="Security check" failedText="Could not load" />);
    expect(screen.getByRole('group', { name: 'Security check' })).toBeInTheDocument();
    const src = scripts().find((s) => s.startsWith(CAPTCHA_SCRIPTS.hcaptcha.src))!;
    expect(src).toBe(`${CAPTCHA_SCRIPTS.hcaptcha.src}&onload=${captchaOnloadName('hcaptcha')}`);
    const { api, rendered } = fakeProvider('hcaptcha');
    await act(async () => (window as unknown as Record<string, () => void>)[captchaOnloadName('hcaptcha')]!());
    expect(rendered).toHaveLength(1);
    expect(rendered[0]!.sitekey).toBe('site-123');
    act(() => rendered[0]!.callback('token-1'));
    expect(onToken).toHaveBeenLastCalledWith('token-1');
    act(() => rendered[0]!.expired());
    expect(onToken).toHaveBeenLastCalledWith('');
    view.rerender(<CaptchaWidget provider="hcaptcha" siteKey="site-123" round={1} onToken={onToken} label="Security check" failedText="Could not load" />);
    expect(api.reset).toHaveBeenCalledWith('widget-1');
    view.unmount();
    expect(api.remove).toHaveBeenCalledWith('widget-1');
    // One script per page, however many widgets.
    render(<CaptchaWidget provider="hcaptcha" siteKey="site-123" onToken={onToken} label="Security check" failedText="Could not load" />);
    expect(scripts().filter((s) => s.startsWith(CAPTCHA_SCRIPTS.hcaptcha.src))).toHaveLength(1);
  });

  it('says so when the provider script cannot be loaded', async () => {
    render(
      <CaptchaWidget provider="recaptcha" siteKey="site-9" onToken={jest.fn()} label="Security check" failedText="The security check could not be loaded." />,
    );
    const script = [...document.head.querySelectorAll('script')].find((s) => (s.getAttribute('src') ?? '').startsWith(CAPTCHA_SCRIPTS.recaptcha.src))!;
    await act(async () => script.dispatchEvent(new Event('error')));
    expect(await screen.findByRole('alert')).toHaveTextContent('The security check could not be loaded.');
  });
});
