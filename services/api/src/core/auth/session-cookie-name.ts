/** Appwrite's name for the session cookie of project "outpost" (set by the identity module). */
export const SESSION_COOKIE = 'a_session_outpost';
