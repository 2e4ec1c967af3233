// The reports' state filter, kept in the address (?reportState: the punishments' own ?state is
// taken on the same screen).
import { REPORT_STATES, type ReportState } from '@outpost/contracts';
import { oneOf, useAddressParams } from '../../../shared/hooks/use-address-params';

const REPORT_STATE_PARAM = 'reportState';

export const useReportStateFilter = () => {
  const [params, write] = useAddressParams();
  const state = oneOf(REPORT_STATES, params.get(REPORT_STATE_PARAM));
  const setState = (next: ReportState | '') => write({ [REPORT_STATE_PARAM]: next });
  return [state, setState] as const;
};
