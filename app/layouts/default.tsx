import { Outlet } from 'react-router'
import type { Route } from './+types/default'

export async function loader({ context }: Route.LoaderArgs) {
  const domainId = context.domain?._id
  if (!domainId) return { nav: null, footer: null }
  const [nav, footer] = await Promise.all([
    context.services.siteDocuments.load('nav', domainId, 'published'),
    context.services.siteDocuments.load('footer', domainId, 'published'),
  ])
  return { nav: nav.doc, footer: footer.doc }
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header>
        <nav aria-label="Main">
          <ul>
            {loaderData.nav?.items.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Outlet />
      <footer>{loaderData.footer?.copy}</footer>
    </>
  )
}
