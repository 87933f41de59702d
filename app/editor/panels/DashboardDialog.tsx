import { texts } from '#lib/texts'
import { Modal } from '../surfaces/Modal.tsx'
import { TeamDashboard } from '../team/TeamDashboard.tsx'

/** Spec 01 §2.7: the dashboard dialog, 'Welcome to your dashboard' and the username, with a Close button. */
export function DashboardDialog({
  open,
  onOpenChange,
  username,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  username?: string
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={
        <>
          {texts.editor.dashboard.title}
          {username ? <span className="text-red"> {username}</span> : null}
        </>
      }
    >
      {/* Issue 21: the latest changes, the editors, the activity log and my account. */}
      {open ? <TeamDashboard /> : null}
    </Modal>
  )
}
