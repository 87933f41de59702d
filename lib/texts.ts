/**
 * Every user-visible text the spec names, in one place, so the UI and the tests use the same words
 * and a translation has one file to change.
 */
export const texts = {
  errors: {
    statusTitle: (status: number) => `${status} Error`,
    notFoundTitle: 'Page not found.',
    notFoundMessage: "Let's get back on the bus this wasn't in the brochure.",
    unknown: 'An Unknown Error Occurred',
    backHome: 'Back To Homepage',
    couldNotBeFound: 'This page could not be found',
    errorPageFailed: 'An error occurred while showing the error page',
    pageTypeNotFound: 'whppt:error Page not found.',
    unknownMiddleware: (name: string) => `Unknown middleware ${name}`,
  },
  toasts: {
    success: 'Success',
    unknownError: 'Unknown Error',
    pageSaved: 'Page Saved',
    pageDeleted: 'Page Deleted',
    pagePublished: 'Page Published',
    pageUnpublished: 'Page Unpublished',
    footerSaved: 'Footer Saved',
    footerPublished: 'Footer Published',
    navSaved: 'Nav Saved',
    navPublished: 'Nav Published',
    siteSettingsSaved: 'Site Settings Saved',
    siteSettingsPublished: 'Site Settings Published',
    passwordReset: 'Password successfully reset, you can now login.',
    conciergeSaved: 'Concierge Form Details Saved',
    alreadyLoggedIn: 'You are already logged in as another user',
  },
  editor: {
    unsavedChanges: "Changes you've made may not be saved, are you sure you want to leave this page?",
    confirmDeleteComponent: 'Are you sure you want to delete this component?',
    confirm: 'Are you sure?',
    valueMissing: 'Value is missing',
    notAnArray: 'Value provided is not type Array, please provide an Array or use the setSelected',
  },
  cart: {
    noToken: 'No token provided, please try again!',
    noData: 'No Data Found',
  },
} as const
