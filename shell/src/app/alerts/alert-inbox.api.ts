import { api, invalidateSoon, onLiveEvent } from '@outpost/api-cache';
import { API_PATHS, type AlertInbox } from '@outpost/contracts';

/** The header's bell: the latest alerts of the user's networks and how many are unread. */
export const alertInboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAlertInbox: build.query<AlertInbox, void>({
      query: () => API_PATHS.getAlertInbox.path(),
      providesTags: ['AlertInbox'],
    }),
    /** Mark all read: the count drops to 0 at once, and the inbox is read again after. */
    markAlertsRead: build.mutation<void, void>({
      query: () => API_PATHS.markAlertInboxRead.request(),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          alertInboxApi.util.updateQueryData('getAlertInbox', undefined, (inbox) => {
            inbox.unread = 0;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ['AlertInbox'],
    }),
  }),
});

export const { useGetAlertInboxQuery, useMarkAlertsReadMutation } = alertInboxApi;

/** How many alerts the bell lists (the API answers its 20 latest). */
export const INBOX_SIZE = 20;

// An alert fired, resolved or reopened: the bell shows it at once (a new one on top and counted
// unread), then reads the inbox again for the count the API keeps per user.
onLiveEvent('alert.changed', ({ alert }, { dispatch }) => {
  dispatch(
    alertInboxApi.util.updateQueryData('getAlertInbox', undefined, (inbox) => {
      const index = inbox.alerts.findIndex((candidate) => candidate.id === alert.id);
      if (index >= 0) inbox.alerts[index] = alert;
      else {
        inbox.alerts.unshift(alert);
        inbox.alerts.splice(INBOX_SIZE);
        if (alert.state === 'firing') inbox.unread += 1;
      }
    }),
  );
  invalidateSoon(dispatch, ['AlertInbox']);
});
