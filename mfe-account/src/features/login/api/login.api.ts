// The login screens use the session thunks of @outpost/api-client (the shell runs them before this
// remote loads) and the identity calls of @outpost/api-cache; they are re-exported here so
// components import them from one place.
export {
  completeSignIn,
  magicLinkUrl,
  oauthUrl,
  uniqueId,
  useAppDispatch,
  useClientConfig,
  useDemoSession,
  type ApiClientError,
  type OAuthProvider,
} from '@outpost/api-client';
export { useCreateMagicUrlTokenMutation, useCreateSessionFromTokenMutation } from '@outpost/api-cache';
