import { useDemoSession } from '@outpost/api-client';
import { paths } from '@outpost/contracts';
import { useNavigate } from '@outpost/router';

/** View Live Demo: a session for the read-only demo user, then the demo network list. */
export const useDemoSignIn = () => {
  const navigate = useNavigate();
  const demo = useDemoSession();
  const start = async () => {
    if (await demo.start()) navigate(paths.networks());
  };
  return {
    start,
    busy: demo.busy,
    error: demo.error && 'The live demo could not be started. Please try again.',
  };
};
