import { fireEvent, screen, within } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { NeftForm } from './NeftForm';

describe('NeftForm (issue 42: "accountNumber: ..." was shown)', () => {
  it('shows a refused account number at its field, without the field name', async () => {
    const { client } = fakeApi({
      'orders.editNeft': ({ body }) =>
        (body as { accountNumber: string }).accountNumber.length < 9
          ? fail(400, { message: 'accountNumber: Enter 9 to 18 digits', field: 'accountNumber' })
          : fail(400, { message: 'ifscCode: Invalid IFSC code', field: 'values.ifscCode' }),
    });
    renderPage(<NeftForm orderId={7} />, { api: client, session: CUSTOMER });
    const form = screen.getByRole('form', { name: 'Bank details for your refund (NEFT)' });
    fireEvent.change(within(form).getByLabelText('Account number'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter 9 to 18 digits')).toBeInTheDocument();
    expect(within(form).getByLabelText('Account number')).toHaveAccessibleDescription('Enter 9 to 18 digits');
    expect(within(form).queryByText(/accountNumber/)).not.toBeInTheDocument();
    // A refusal about a field the form does not have is said for the whole form, in words.
    fireEvent.change(within(form).getByLabelText('Account number'), { target: { value: '123456789012' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Ifsc code: Invalid IFSC code');
  });
});
