import type { Route } from './+types/confirm'

/** /confirm: the booking provider returns visitors here after paying. */
export const meta: Route.MetaFunction = () => [{ title: 'Booking confirmation' }, { name: 'robots', content: 'noindex' }]

export default function Confirm() {
  return (
    <main id="main" tabIndex={-1} className="container-site pt-12 pb-20 outline-none lg:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight text-red-darkest sm:text-5xl">Booking confirmation</h1>
      <p className="lead mt-5 max-w-2xl">Thank you. Your booking details and receipt are on their way to your e-mail inbox.</p>
    </main>
  )
}
