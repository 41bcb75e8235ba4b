import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AreaFallback } from './area-fallback';

describe('AreaFallback', () => {
  it('tells the shopper the area failed and retries on request', async () => {
    const onRetry = jest.fn();
    render(<AreaFallback title="This part did not load" message="Check your connection." retryLabel="Try again" onRetry={onRetry} focusOnMount />);
    expect(screen.getByRole('alert')).toHaveTextContent('This part did not load');
    expect(screen.getByRole('heading', { name: 'This part did not load' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has a compact form for header fragments', async () => {
    const onRetry = jest.fn();
    render(<AreaFallback compact title="Cart" message="The cart did not load" retryLabel="Retry cart" onRetry={onRetry} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry cart' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
