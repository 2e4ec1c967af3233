import { paths } from '@outpost/contracts';
import { Link } from '@outpost/router';
import { useGetNetworkNewReportsQuery } from '../api/network-dashboard.api';

/** "3 new reports" on the network page for those who work reports: a link to the network's inbox. */
export const NewReportsLink = ({ networkId }: { networkId: string }) => {
  const { data: count } = useGetNetworkNewReportsQuery(networkId);
  if (!count) return null;
  return (
    <Link className="net-new-reports" to={`${paths.network(networkId)}?tab=reports`}>
      {count === 1 ? '1 new report' : `${count} new reports`}
    </Link>
  );
};
