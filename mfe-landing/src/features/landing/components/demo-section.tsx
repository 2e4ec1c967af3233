import { useClientConfig } from '@outpost/api-client';
import { formatCount } from '@outpost/format';
import { Button } from '@outpost/ui';
import { usePublicStats } from '../api/landing.api';
import { useDemoSignIn } from '../hooks/use-demo-sign-in';

/** Live demo: the demo network's real numbers, fed by simulated servers, and a way in. */
export const DemoSection = () => {
  const { demo } = useClientConfig();
  // The demo's figures are simulated: shown whether or not the panel's own totals are public.
  const { data } = usePublicStats(demo);
  const demoSignIn = useDemoSignIn();
  return (
    <section id="demo" className="op-section op-demo" aria-labelledby="demo-title">
      <h2 id="demo-title">See it live</h2>
      {demo ? (
        <>
          <p>The demo network runs simulated Rust servers that report to this panel like real ones do.</p>
          {data && !data.demo && <p>The demo network has no live numbers yet.</p>}
          {data?.demo && (
            <dl className="op-demo__stats">
              <div>
                <dt>Demo servers online</dt>
                <dd>{formatCount(data.demo.onlineServers)}</dd>
              </div>
              <div>
                <dt>Players online in the demo</dt>
                <dd>{formatCount(data.demo.onlinePlayers)}</dd>
              </div>
            </dl>
          )}
          <Button busy={demoSignIn.busy} busyLabel="Starting demo..." onClick={demoSignIn.start}>
            Open the live demo
          </Button>
        </>
      ) : (
        <p>The live demo is turned off on this panel. Sign in to manage your own servers.</p>
      )}
    </section>
  );
};
