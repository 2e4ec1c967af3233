import { signedOut, useAppDispatch } from '@outpost/api-client';
import { useDeleteCurrentSessionMutation } from '@outpost/api-cache';
import { paths } from '@outpost/contracts';
import { useNavigate } from '@outpost/router';

/** Logout: end the session on the server, clear user and JWT, then go to /login. */
export const useSignOut = () => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteSession] = useDeleteCurrentSessionMutation();
  return async () => {
    try {
      await deleteSession().unwrap();
    } catch (error) {
      // A failed logout is only logged (spec section 8); the local state is cleared anyway.
      console.error('Sign out failed', error);
    }
    dispatch(signedOut());
    navigate(paths.login(), { replace: true });
  };
};
