import { Button } from '@outpost/ui';
import { useSearchParams } from '@outpost/router';

/**
 * `?discord=failed&reason=…`: the API sends the browser here when Discord's bot install could not
 * be completed (the network is not known then). Says why until dismissed.
 */
export const DiscordInstallNotice = () => {
  const [params, setParams] = useSearchParams();
  if (params.get('discord') !== 'failed') return null;
  const reason = params.get('reason')?.trim();
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('discord');
        next.delete('reason');
        return next;
      },
      { replace: true },
    );
  return (
    <div role="alert" className="net-notice net-notice--danger">
      <div>
        <strong>Discord could not be linked</strong>
        <p>
          {reason || 'The install was not completed.'} Try Add to Discord again from the network’s Discord
          tab.
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={dismiss}>
        Dismiss
      </Button>
    </div>
  );
};
