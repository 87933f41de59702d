import { Modal } from '../surfaces/Modal.tsx'
import { TeamDashboard } from '../team/TeamDashboard.tsx'
import { editorTexts } from '#lib/editor-texts'

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
          {editorTexts.dashboard.title}
          {username ? <span className="text-red"> {username}</span> : null}
        </>
      }
    >
      {/* Issue 21: the latest changes, the editors, the activity log and my account. */}
      {open ? <TeamDashboard /> : null}
    </Modal>
  )
}
