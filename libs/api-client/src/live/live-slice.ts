import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LiveEvent } from '@outpost/contracts';

/**
 * off: no stream (signed out, or not started); connecting: the first attempt; connected: events
 * arrive; reconnecting: the stream dropped and is being opened again on the spec's schedule.
 */
export const LIVE_STATUSES = ['off', 'connecting', 'connected', 'reconnecting'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

export type LiveState = { status: LiveStatus };

/** One event of the live stream; caches patch themselves from it (@outpost/api-cache). */
export const liveEventReceived = createAction<LiveEvent>('live/eventReceived');
/** The stream could not tell what was missed while it was away: everything is read again. */
export const liveRefetchNeeded = createAction('live/refetchNeeded');

export const liveSlice = createSlice({
  name: 'live',
  initialState: (): LiveState => ({ status: 'off' }),
  reducers: {
    liveStatusChanged: (state, action: PayloadAction<LiveStatus>) => {
      state.status = action.payload;
    },
  },
  selectors: {
    selectLiveStatus: (state) => state.status,
    /** Screens poll only while this is false. */
    selectLiveConnected: (state) => state.status === 'connected',
  },
});

export const { liveStatusChanged } = liveSlice.actions;
export const { selectLiveStatus, selectLiveConnected } = liveSlice.selectors;
