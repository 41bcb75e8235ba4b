import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HtoAgent } from '@eyewear/api-client';
import type { Status } from '../../app/api';

export const SOS_ERROR_PATH = '/HTO/sos?error=true';

export interface SosState {
  status: Status;
  appointmentId: string | null;
  agent: HtoAgent | null;
  /** Where to go instead (account §4: non-OPEN or error goes to /HTO/sos?error=true). */
  redirect: string | null;
}

export const initialSosState: SosState = { status: 'idle', appointmentId: null, agent: null, redirect: null };

export const sosSlice = createSlice({
  name: 'appointmentsSos',
  initialState: initialSosState,
  reducers: {
    checkRequested: (_s, a: PayloadAction<string>) => ({ ...initialSosState, status: 'loading', appointmentId: a.payload }),
    proceeded: (s, a: PayloadAction<{ appointmentId: string; agent: HtoAgent | null }>) => {
      s.status = 'success';
      s.appointmentId = a.payload.appointmentId;
      s.agent = a.payload.agent;
    },
    redirected: (s) => {
      s.status = 'failed';
      s.redirect = SOS_ERROR_PATH;
    },
    redirectDone: (s) => {
      s.redirect = null;
    },
  },
});

export const sosActions = sosSlice.actions;
