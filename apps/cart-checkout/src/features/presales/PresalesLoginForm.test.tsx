import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@eyewear/api-client';
import { Route, Routes } from '@eyewear/router';
import { renderCart } from '../../testing/render';
import PresalesLoginForm from './PresalesLoginForm';

const mockLogin = jest.fn();
jest.mock('../../shared/api', () => ({ cartApiFor: () => ({ presalesLogin: (...args: unknown[]) => mockLogin(...args) }) }));

function setup() {
  return renderCart(
    <Routes>
      <Route path="/checkout/onepage/presaleslogin" element={<PresalesLoginForm />} />
      <Route path="/checkout/onepage/presales" element={<p>presales checkout</p>} />
    </Routes>,
    { url: '/checkout/onepage/presaleslogin' },
  );
}

describe('presales login form', () => {
  beforeEach(() => mockLogin.mockReset());

  it('signs the sales person in, then goes to the presales checkout', async () => {
    mockLogin.mockResolvedValue({ result: { loggedIn: true, leadSource: true } });
    setup();
    await userEvent.type(screen.getByLabelText('Sales person id'), 'EYE-1001');
    await userEvent.type(screen.getByLabelText('Password'), 'presales-1001');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(mockLogin).toHaveBeenCalledWith({ salesmanId: 'EYE-1001', password: 'presales-1001' });
    expect(await screen.findByText('presales checkout')).toBeInTheDocument();
  });

  it("checks the id before calling, and shows the server's message on a wrong password", async () => {
    setup();
    await userEvent.type(screen.getByLabelText('Sales person id'), 'bad id!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid salesman id');
    expect(screen.getByLabelText('Sales person id')).toHaveAttribute('aria-invalid', 'true');
    expect(mockLogin).not.toHaveBeenCalled();
    mockLogin.mockRejectedValue(
      new ApiError(401, { message: 'The sales person id or password is wrong', field: 'password' }, 'The sales person id or password is wrong'),
    );
    await userEvent.clear(screen.getByLabelText('Sales person id'));
    await userEvent.type(screen.getByLabelText('Sales person id'), 'EYE-1001');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sales person id or password is wrong');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
