import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StoreUnreachable } from './store-unreachable';

describe('StoreUnreachable', () => {
  it('announces that the store cannot be reached and retries on request', async () => {
    const onRetry = jest.fn();
    render(<StoreUnreachable onRetry={onRetry} focusOnMount />);
    expect(screen.getByRole('alert')).toHaveTextContent("We can't reach the store right now");
    expect(screen.getByRole('heading', { name: "We can't reach the store right now" })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
