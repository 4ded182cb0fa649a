import { useMeQuery } from '../profile';
import { StandInsPanel } from '../stand-ins';
import { AdminScreen } from './ui/admin-screen';

/** /admin/stand-ins: every current stand-in; an administrator may name one for any approver. */
export function AdminStandInsScreen() {
  const me = useMeQuery();
  return (
    <AdminScreen
      title="Stand-ins"
      description="Name a stand-in for an approver who is away: on those days the stand-in sees the approver’s pending requests and may decide them."
    >
      {me.data ? <StandInsPanel viewer={{ id: me.data.id, isAdmin: me.data.admin_access }} scope="all" /> : null}
    </AdminScreen>
  );
}
