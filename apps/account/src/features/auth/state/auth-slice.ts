import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type LoginResult } from '@eyewear/api-client';
import { type LoadStatus } from '@eyewear/event-bus';

/**
 * Where the login or logout flow of `auth-saga.ts` is: `loading` while it runs, `ready` once
 * the session is settled (the user fetched, the redirect done), `failed` when the user could
 * not be fetched. The popup closes and the menu's logout is enabled again on it.
 */
export interface AuthState {
  status: LoadStatus;
}

const initialState: AuthState = { status: 'idle' };

export const authSlice = createSlice({
  name: 'account/auth',
  initialState,
  reducers: {
    /** A login call answered (popup or social link); `redirectTo`: where a guarded page asked to come back. */
    loginSucceeded(state, _action: PayloadAction<{ login: LoginResult; redirectTo?: string }>) {
      state.status = 'loading';
    },
    sessionSettled(state) {
      state.status = 'ready';
    },
    sessionFailed(state) {
      state.status = 'failed';
    },
    logoutRequested(state) {
      state.status = 'loading';
    },
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
  },
});
export const { loginSucceeded, sessionSettled, sessionFailed, logoutRequested } = authSlice.actions;
