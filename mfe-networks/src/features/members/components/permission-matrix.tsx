import { can, PERMISSION_LABELS, PERMISSIONS, ROLES } from '@outpost/contracts';
import { ROLE_LABELS } from '../../../shared/components/role-badge';

/**
 * What each role may do, read from the one matrix in @outpost/contracts: a row per permission in
 * plain words, a column per role. A cell reads "Yes" or "No" to a screen reader.
 */
export const PermissionMatrix = () => (
  <div className="net-matrix">
    <table className="net-matrix__table">
      <caption>What each role may do</caption>
      <thead>
        <tr>
          <th scope="col">Permission</th>
          {ROLES.map((role) => (
            <th key={role} scope="col">
              {ROLE_LABELS[role]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {PERMISSIONS.map((permission) => (
          <tr key={permission}>
            <th scope="row">{PERMISSION_LABELS[permission]}</th>
            {ROLES.map((role) => {
              const allowed = can(role, permission);
              return (
                <td key={role} className={allowed ? 'net-matrix__yes' : 'net-matrix__no'}>
                  <span aria-hidden="true">{allowed ? '✓' : '—'}</span>
                  <span className="op-sr-only">{allowed ? 'Yes' : 'No'}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
