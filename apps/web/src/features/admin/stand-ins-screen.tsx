import { useMeQuery } from '../profile';
import { StandInsPanel } from '../stand-ins';
import { AdminScreen } from './ui/admin-screen';

/** /admin/stand-ins: every current stand-in; an administrator may name one for any approver. */
export function AdminStandInsScreen() {
  const me = useMeQuery();
  return (
    <AdminScreen
      title="Stand-ins"
      description="The stand-ins of every approver, current and upcoming; name one for an approver who is away."
    >
      {me.data ? <StandInsPanel viewer={{ id: me.data.id, isAdmin: me.data.admin_access }} scope="all" /> : null}
    </AdminScreen>
  );
}
