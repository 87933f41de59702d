import { Outlet } from 'react-router'

/** The blank layout (spec 01 §2.1): no site header or footer, for the editor application's own screens. */
export default function BlankLayout() {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center bg-soft-pink px-6 py-16">
      <Outlet />
    </div>
  )
}
