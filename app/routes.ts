import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/** Spec 01 §2.1: the route table. The content page catch-all comes last; /login uses the blank layout. */
export default [
  layout('layouts/default.tsx', [
    route('booking', 'routes/booking.tsx'),
    route('confirm', 'routes/confirm.tsx'),
    route('search', 'routes/search.tsx'),
    route('favourites', 'routes/favourites.tsx'),
    route('trip', 'routes/trip.tsx'),
    route('listing/*', 'routes/listing.tsx'),
    route('chapters/*', 'routes/chapters.tsx'),
    index('routes/page.tsx', { id: 'home' }),
    route('*', 'routes/page.tsx', { id: 'page' }),
  ]),
  layout('layouts/blank.tsx', [route('login', 'routes/login.tsx'), route('login/setup', 'routes/login-setup.tsx')]),
] satisfies RouteConfig
