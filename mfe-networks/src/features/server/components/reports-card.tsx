import { paths, type Server } from '@outpost/contracts';
import { Link } from '@outpost/router';
import { useGetServerNewReportsQuery } from '../api/server.api';
import { usePanelUrl } from '../hooks/use-panel-url';

type ReportsCardProps = {
  server: Pick<Server, 'id' | 'networkId' | 'reportsPath' | 'reportsKey'>;
  /** Managers also see how to point the game's own F7 reports at the panel. */
  manages: boolean;
};

/** The server's F7 reports: how many are new (a link to the inbox) and, for managers, the reports URL. */
export const ReportsCard = ({ server, manages }: ReportsCardProps) => {
  const panelUrl = usePanelUrl();
  const { data: newCount, isError } = useGetServerNewReportsQuery(server.id);
  const inbox = `${paths.serverArea(server.networkId, server.id, 'punishments')}?tab=reports`;
  return (
    <section className="op-card net-ban-check" aria-labelledby="reports-card-title">
      <h3 id="reports-card-title">F7 reports</h3>
      <p>
        {isError ? (
          'The reports could not be counted.'
        ) : newCount === undefined ? (
          'Counting new reports…'
        ) : (
          <Link to={inbox}>{newCount === 1 ? '1 new report' : `${newCount} new reports`}</Link>
        )}
      </p>
      {manages && server.reportsPath && server.reportsKey && (
        <>
          <p className="net-muted">
            Set these in the server&apos;s config so the game&apos;s own F7 reports reach the panel too.
            Rotating the token changes both.
          </p>
          <output className="net-mono" aria-label="Reports endpoint settings">
            server.reportsServerEndpoint &quot;{panelUrl}
            {server.reportsPath}&quot;
            <br />
            server.reportsServerEndpointKey &quot;{server.reportsKey}&quot;
          </output>
        </>
      )}
    </section>
  );
};
