import { screen, within } from '@testing-library/react';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { anOrder } from '../../../testing/fixtures';
import { OrderSummary } from './OrderSummary';

describe('an order summary', () => {
  it('names each discount (an exchange credit, a house-brand discount, the first frame), never a code', () => {
    const order = anOrder();
    renderPage(
      <OrderSummary
        order={{
          ...order,
          amount: {
            ...order.amount,
            discounts: [
              { type: 'exchange', code: '4:9', amount: 380 },
              { type: 'brand', code: 'Vincent Chase', amount: 100 },
              { type: 'firstFrame', code: 'FIRST_FRAME', amount: 500 },
            ],
          },
        }}
      />,
      { session: CUSTOMER },
    );
    const totals = screen.getByRole('region', { name: 'Totals' });
    for (const label of ['Exchange credit', 'Vincent Chase discount', 'First frame offer']) expect(within(totals).getByText(label)).toBeInTheDocument();
    expect(within(totals).queryByText('FIRST_FRAME')).not.toBeInTheDocument();
  });
});
