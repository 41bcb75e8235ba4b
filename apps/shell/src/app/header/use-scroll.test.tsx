import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useScrollY } from './use-scroll';

function Menu() {
  const y = useScrollY();
  return <button type="button">{y > 100 ? 'Show menu' : 'Hide menu'}</button>;
}

it("hydrates a page the browser opened scrolled (a reload keeps its place) with the server's text, then takes the position", async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Menu />);
  document.body.appendChild(container);
  Object.defineProperty(window, 'scrollY', { value: 600, configurable: true });
  const recoverable = jest.fn();
  try {
    await act(async () => {
      hydrateRoot(container, <Menu />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toBe('Show menu');
  } finally {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    container.remove();
  }
});
