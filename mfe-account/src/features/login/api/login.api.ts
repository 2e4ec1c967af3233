// The login screens use the identity calls of @outpost/api-client (the shell's guard needs them
// before this remote loads); they are re-exported here so components import hooks from one place.
export {
  completeSignIn,
  magicLinkUrl,
  oauthUrl,
  uniqueId,
  useAppDispatch,
  useClientConfig,
  useCreateDemoSessionMutation,
  useCreateMagicUrlTokenMutation,
  useCreateSessionFromTokenMutation,
  type ApiClientError,
  type OAuthProvider,
} from '@outpost/api-client';
