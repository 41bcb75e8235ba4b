import { fireEvent, screen, waitFor } from '@testing-library/react';
import { forgetSettings } from '@eyewear/api-client';
import { fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderFragment } from '@eyewear/event-bus/testing';
import { fullPage } from '../../auth';
import AccountMenuImpl, { cygnusEnabled } from './AccountMenuImpl';

// The remote settings are fetched once per page: each test is a new page.
beforeEach(() => forgetSettings());

describe('account menu', () => {
  it('lists the account pages and moves with the arrow keys', async () => {
    const { client } = fakeApi({});
    const onClose = jest.fn();
    renderFragment(<AccountMenuImpl onClose={onClose} />, { api: client, session: CUSTOMER });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['My orders', 'Prescriptions', 'Store credit', 'Face profile', 'Addresses', 'Edit account', 'Logout']);
    expect(items[0]).toHaveFocus();
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(items[1]).toHaveFocus();
    fireEvent.keyDown(items[1]!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('hides the face profile entry when the cygnus setting is on', async () => {
    const { client } = fakeApi({ 'content.settings': { result: { ENABLE_CYGNUS: true } } });
    renderFragment(<AccountMenuImpl onClose={jest.fn()} />, { api: client, session: CUSTOMER });
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Face profile' })).not.toBeInTheDocument());
    expect(cygnusEnabled({ ENABLE_CYGNUS: 'ON' })).toBe(true);
    expect(cygnusEnabled(null)).toBe(false);
  });

  it('logs out: calls the API, publishes the guest session and auth/loggedOut', async () => {
    const { client, callsTo } = fakeApi({
      'sessions.logout': { result: { id: 'y'.repeat(64), createdAt: '2026-01-01T00:00:00.000Z', isLoggedIn: false } } as never,
    });
    const assign = jest.fn();
    fullPage.assign = assign;
    const { actions } = renderFragment(<AccountMenuImpl onClose={jest.fn()} />, { api: client, session: CUSTOMER });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(callsTo('sessions.logout')).toHaveLength(1);
    expect(actions).toContainEqual({ type: 'auth/loggedOut', payload: {} });
    expect(actions).toContainEqual(expect.objectContaining({ type: 'session/changed', payload: expect.objectContaining({ login: false }) }));
  });
});
