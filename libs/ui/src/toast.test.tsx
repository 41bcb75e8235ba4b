import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { ToastList, useToasts, type ToastInput } from './toast';

function Host({ toasts: inputs }: { toasts: ToastInput[] }) {
  const { toasts, show, dismiss } = useToasts();
  useEffect(() => {
    inputs.forEach(show);
  }, [inputs, show]);
  return <ToastList toasts={toasts} onDismiss={dismiss} dismissLabel="Dismiss" />;
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('clears after 2000 ms by default and runs the callback once', () => {
    const onClose = jest.fn();
    render(<Host toasts={[{ message: 'Added to cart', success: true, onClose }]} />);
    expect(screen.getByRole('status')).toHaveTextContent('Added to cart');
    expect(screen.getByRole('status')).toHaveClass('ui-toast--success');
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByText('Added to cart')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Added to cart')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('honours its own timeout; errors are alerts, warnings styled apart', () => {
    render(
      <Host
        toasts={[
          { message: 'System error occurred', error: true, timeout: 5000 },
          { message: 'Careful', warning: true },
        ]}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('System error occurred');
    expect(screen.getByText('Careful').parentElement).toHaveClass('ui-toast--warning');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('Careful')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be dismissed by hand', () => {
    render(<Host toasts={[{ message: 'Hello' }]} />);
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });
});
