import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderInShell } from '../../testing/render';
import { MobileSignIn } from './forms';

describe('one-time code sends with a captcha when the server asks', () => {
  it('shows the captcha image, sends id:answer, refreshes it after each send and keeps the code field', async () => {
    let captchas = 0;
    const sends: unknown[] = [];
    const calls = fakeApi({
      'GET /v2/captcha': () => ({ body: { result: { id: `cap${++captchas}`, image: `data:image/svg+xml;base64,${captchas}` } } }),
      'POST /v2/customers/mobile/otp': ({ body }) => {
        sends.push(body);
        const b = body as { captcha?: string };
        if (sends.length === 1) return { body: { result: { sent: true, captchaRequired: true } } };
        if (!b.captcha) return { body: { result: { sent: false, captchaRequired: true } } };
        if (b.captcha !== 'cap1:AB3CD') return { status: 400, body: { message: 'The characters do not match. Please try again.', field: 'captcha' } };
        return { body: { result: { sent: true, captchaRequired: true } } };
      },
    });
    renderInShell(<MobileSignIn onLogin={jest.fn()} initialPhone="9876543210" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code to +91 9876543210.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Captcha image' })).toHaveAttribute('src', 'data:image/svg+xml;base64,1');
    // Resend without the characters: asked to enter them, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Enter the captcha', { selector: '.acc-field__error' })).toBeInTheDocument();
    expect(sends).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Enter the captcha'), { target: { value: 'AB3CD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(sends).toHaveLength(2));
    expect(sends[1]).toEqual({ telephone: '9876543210', phoneCode: '+91', captcha: 'cap1:AB3CD' });
    // A used captcha is replaced by a new image.
    expect(await screen.findByRole('img', { name: 'Captcha image' })).toHaveAttribute('src', 'data:image/svg+xml;base64,2');
    expect(screen.getByRole('textbox', { name: 'One-time code' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Enter the captcha'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('The characters do not match. Please try again.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v2/captcha').length).toBeGreaterThanOrEqual(3);
  });
});
