import { render, screen } from '@testing-library/react';
import { defineMessages, formatMessage } from './messages';
import { I18nProvider, useMessages } from './react';

const catalogue = defineMessages({ greeting: 'Hello {name}', cart: 'Cart' }, { ae: { cart: 'Basket' } });

function Probe() {
  const m = useMessages(catalogue);
  return <p>{formatMessage(m.greeting, { name: m.cart })}</p>;
}

describe('message catalogues', () => {
  it('uses the defaults, with a country override where one exists', () => {
    const { rerender } = render(
      <I18nProvider country="in">
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('Hello Cart')).toBeInTheDocument();
    rerender(
      <I18nProvider country="ae">
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('Hello Basket')).toBeInTheDocument();
  });

  it('leaves an unfilled placeholder visible', () => {
    expect(formatMessage('{count} items in {place}', { count: 2 })).toBe('2 items in {place}');
  });
});
