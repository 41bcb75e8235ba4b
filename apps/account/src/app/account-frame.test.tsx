import { screen, waitFor, within } from '@testing-library/react';
import { forgetSettings } from '@eyewear/api-client';
import { fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { AccountFrame } from './account-frame';

// The remote settings are fetched once per page: each test is a new page.
beforeEach(() => forgetSettings());

const links = () =>
  within(screen.getByRole('navigation', { name: 'Account sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe("the account pages' section links", () => {
  it('lead to every section, the face profiles included', async () => {
    const { client, callsTo } = fakeApi({ 'content.settings': { result: { ENABLE_CYGNUS: false } } });
    renderPage(<AccountFrame>page</AccountFrame>, { api: client, session: CUSTOMER });
    await waitFor(() => expect(callsTo('content.settings')).toHaveLength(1));
    expect(links()).toEqual(['My orders', 'Prescriptions', 'Addresses', 'Store credit', 'Face profile', 'Edit account']);
  });

  it('hide the face profile entry when the cygnus setting ENABLE_CYGNUS is set (account §2; issue 42: only the header menu did)', async () => {
    const { client } = fakeApi({ 'content.settings': { result: { ENABLE_CYGNUS: { enable: 'ON' } } } });
    renderPage(<AccountFrame>page</AccountFrame>, { api: client, session: CUSTOMER });
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Account sections' })).queryByRole('link', { name: 'Face profile' })).toBeNull());
    expect(links()).toEqual(['My orders', 'Prescriptions', 'Addresses', 'Store credit', 'Edit account']);
  });
});
