import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { renderFragment } from '@eyewear/event-bus/testing';
import { MobileSignIn } from './MobileSignIn';

describe('one-time code sends with a captcha when the server asks', () => {
  it('shows the captcha image, sends id:answer, refreshes it after each send and keeps the code field', async () => {
    let captchas = 0;
    const sends: unknown[] = [];
    const { client, callsTo } = fakeApi({
      'checkout.captcha': () => ({ result: { provider: 'builtin', id: `cap${++captchas}`, image: `data:image/svg+xml;base64,${captchas}` } }),
      'account.sendOtp': ({ body }) => {
        sends.push(body);
        const b = body;
        if (sends.length === 1) return { result: { sent: true, captchaRequired: true } };
        if (!b.captcha) return { result: { sent: false, captchaRequired: true } };
        if (b.captcha !== 'cap1:AB3CD') return fail(400, { message: 'The characters do not match. Please try again.', field: 'captcha' });
        return { result: { sent: true, captchaRequired: true } };
      },
    });
    renderFragment(<MobileSignIn onLogin={jest.fn()} initialPhone="9876543210" />, { api: client });
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
    // A wrong answer used the image too: a third one is asked for.
    await waitFor(() => expect(callsTo('checkout.captcha').length).toBeGreaterThanOrEqual(3));
  });
});
