import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import PresalesLoginForm from './PresalesLoginForm';

function setup(fake = fakeApi()) {
  return { ...renderPage(<PresalesLoginForm />, { url: '/checkout/onepage/presaleslogin', api: fake.client }), fake };
}

describe('presales login form', () => {
  it('signs the sales person in, then goes to the presales checkout', async () => {
    const { fake } = setup(fakeApi({ 'account.presalesDualLogin': { result: { loggedIn: true, leadSource: true } } as never }));
    await userEvent.type(screen.getByLabelText('Sales person id'), 'EYE-1001');
    await userEvent.type(screen.getByLabelText('Password'), 'presales-1001');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/checkout/onepage/presales');
    expect(fake.callsTo('account.presalesDualLogin').map((c) => c.body)).toEqual([{ salesmanId: 'EYE-1001', password: 'presales-1001' }]);
  });

  it("checks the id before calling, and shows the server's message on a wrong password", async () => {
    const { fake } = setup(fakeApi({ 'account.presalesDualLogin': fail(401, { message: 'The sales person id or password is wrong', field: 'password' }) }));
    await userEvent.type(screen.getByLabelText('Sales person id'), 'bad id!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your sales person id: 2 to 32 letters, digits or hyphens.');
    expect(screen.getByLabelText('Sales person id')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Sales person id'));
    await userEvent.type(screen.getByLabelText('Sales person id'), 'EYE-1001');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sales person id or password is wrong');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout/onepage/presaleslogin');
  });

  it('says the sign-in failed in words, never a raw technical message (issue 42)', async () => {
    const { fake } = setup(
      fakeApi({ 'account.presalesDualLogin': fail(400, { message: 'password: Too big: expected string to have <=64 characters', field: 'password' }) }),
    );
    await userEvent.type(screen.getByLabelText('Sales person id'), 'EYE-1001');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not sign in\. Check the sales person id and password\.$/);
    expect(fake.callsTo('account.presalesDualLogin')).toHaveLength(1);
    // The fields take no more than the store does.
    expect(screen.getByLabelText('Password')).toHaveAttribute('maxLength', '64');
    expect(screen.getByLabelText('Sales person id')).toHaveAttribute('maxLength', '32');
  });

  it('a network failure says so in the same words', async () => {
    setup(fakeApi({ 'account.presalesDualLogin': () => Promise.reject(new TypeError('Failed to fetch')) }));
    await userEvent.type(screen.getByLabelText('Sales person id'), 'EYE-1001');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not sign in. Check the sales person id and password.');
    expect(screen.getByRole('alert')).not.toHaveTextContent(/fetch/i);
  });
});
