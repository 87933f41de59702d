import { redirect } from 'react-router'
import type { Route } from './+types/login'

/**
 * /login: where an editor signs in, on the blank layout. The editor loads here for signed-out
 * users and opens its login overlay; once signed in, the editor goes to the home page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect('/')
  // A fresh installation has nobody to sign in: the first editor is created instead.
  if (await context.services.firstEditor.needed()) throw redirect('/login/setup')
  return { siteName: context.domain?.name ?? '' }
}

export const meta: Route.MetaFunction = () => [{ title: 'Editor sign-in' }, { name: 'robots', content: 'noindex' }]

export default function Login({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="max-w-md text-center">
      <p className="eyebrow text-red">{loaderData.siteName}</p>
      <h1 className="mt-3 font-display text-4xl font-semibold text-red-darkest">Editor sign-in</h1>
      <p className="mt-4 text-ink-soft">
        Sign in to edit this site. Choose <strong>Login</strong> in the menu on the left if the sign-in panel is not open.
      </p>
      <p className="mt-8">
        <a className="link-arrow" href="/">
          Back to the site
        </a>
      </p>
    </main>
  )
}
